import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import source from "../../../content/delete-data-policy.md?raw";
import { DeleteDataForm } from "../components/DeleteDataForm";
import { EnglishTextNote } from "../components/EnglishTextNote";
import { Markdown } from "../components/Markdown";
import { usePageMeta } from "../../../lib/page-meta";

// The note stays in English (content/delete-data-policy.md); a reader of another language gets this first.
const SUMMARY = msg`Fill in the form below to have your account and personal data deleted. We do it within 3 days of a valid request, after confirming it with a one-time code. We cannot delete your account while you have an active loan or unpaid dues, an active insurance policy or a digital gold balance. Records the law requires, such as invoices and KYC, are kept securely for at least 5 years.`;

/** /delete-data-policy: what deletion means, then the request form. */
export default function DeleteDataPage() {
  const { t, i18n } = useLingui();
  const title = t`Delete Your Data`;
  usePageMeta({ title, description: t`Ask us to delete your account and the data we hold about you.` });
  return (
    <article className="container page-narrow">
      <EnglishTextNote title={title} summary={t(SUMMARY)} />
      <Markdown source={source} english={i18n.locale !== "en"} />
      <DeleteDataForm />
    </article>
  );
}
