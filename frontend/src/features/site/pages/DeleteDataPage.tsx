import source from "../../../content/delete-data-policy.md?raw";
import { DeleteDataForm } from "../components/DeleteDataForm";
import { Markdown } from "../components/Markdown";
import { usePageMeta } from "../../../lib/page-meta";

/** /delete-data-policy: what deletion means, then the request form. */
export default function DeleteDataPage() {
  usePageMeta({ title: "Delete Your Data", description: "Ask us to delete your account and the data we hold about you." });
  return (
    <article className="container page-narrow">
      <Markdown source={source} />
      <DeleteDataForm />
    </article>
  );
}
