import { useLingui } from "@lingui/react/macro";
import { useConfig } from "../../../lib/config";
import { usePageMeta } from "../../../lib/page-meta";
import { Markdown } from "../components/Markdown";
import { faqMarkdown } from "../data/faq";

/** /FAQ's_MobileApp: the questions and answers as one page for the app's web view (no search). */
export default function FaqAppPage() {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`FAQs` });
  const { productName } = useConfig();
  return (
    <article className="container page-narrow app-page">
      <Markdown source={faqMarkdown(i18n, productName)} />
    </article>
  );
}
