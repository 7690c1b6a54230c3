import { sendDeleteData } from "../api";
import styles from "./forms.module.css";
import { FormStatus, useSupportForm } from "./useSupportForm";

const EMPTY = { name: "", email: "", phone: "" };

/**
 * The data-deletion request: name, email, mobile. The specification sets no required flags;
 * the gateway checks the fields and its message (which names the field) is shown as it is.
 */
export function DeleteDataForm() {
  const { values, set, sending, status, submit } = useSupportForm(EMPTY, sendDeleteData);

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="delete-form-title" noValidate>
      <h2 id="delete-form-title" className={styles.title}>Request deletion of your data</h2>
      <div className={styles.field}>
        <label htmlFor="delete-name">Name</label>
        <input id="delete-name" name="name" autoComplete="name" value={values.name} onChange={set("name")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-email">Email</label>
        <input id="delete-email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-phone">Mobile number</label>
        <input
          id="delete-phone"
          name="phone"
          type="number"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onChange={set("phone")}
        />
      </div>
      <button type="submit" className="btn btn-danger" disabled={sending}>
        {sending ? "Sending..." : "Submit request"}
      </button>
      <FormStatus status={status} />
    </form>
  );
}
