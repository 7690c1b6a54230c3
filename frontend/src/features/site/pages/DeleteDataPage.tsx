import source from "../../../content/delete-data-policy.md?raw";
import { DeleteDataForm } from "../components/DeleteDataForm";
import { Markdown } from "../components/Markdown";

/** /delete-data-policy: what deletion means, then the request form. */
export default function DeleteDataPage() {
  return (
    <article className="container page-narrow">
      <Markdown source={source} />
      <DeleteDataForm />
    </article>
  );
}
