import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage, errorStatus } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useCustomer, useDeskLogout, useStaff } from "../api/desk";
import { AuditTrail } from "../components/AuditTrail";
import { CustomerPanel } from "../components/CustomerPanel";
import { DeskLogin } from "../components/DeskLogin";
import { ReconciliationSummary } from "../components/ReconciliationSummary";
import { Worklist } from "../components/Worklist";
import styles from "../desk.module.css";

/** /desk: staff only. Log in, find a customer by what they quote, act through the owning service. */
export default function DeskPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Support desk` });
  const staff = useStaff();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  // The next staff member starts from an empty search.
  const logout = useDeskLogout(() => {
    setTyped("");
    setQuery("");
    void staff.refetch();
  });
  const customer = useCustomer(query);
  // Only the first ask waits on a blank page. A later one (the window's focus, the service
  // worker taking over) puts a query without data back to pending: the login form must stay
  // where it is, with what is typed in it.
  if (staff.isPending && staff.errorUpdatedAt === 0) return <LoadingOverlay show />;
  if (staff.isError || !staff.data) {
    return (
      <main className={`container ${styles.page}`}>
        {staff.isError && errorStatus(staff.error) !== 401 && (
          <p className="alert alert-danger" role="alert">
            {errorMessage(staff.error, t`The desk is not reachable right now. Please try again later.`)}
          </p>
        )}
        <DeskLogin onLoggedIn={() => void staff.refetch()} />
      </main>
    );
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };
  const role = staff.data.role === "supervisor" ? t`Supervisor` : t`Agent`;
  return (
    <main className={`container ${styles.page}`}>
      <header className={`card ${styles.panel} ${styles.bar}`}>
        <h1 className={styles.title}>
          <Trans>Support desk</Trans>
        </h1>
        <span>
          {staff.data.name} · {role}
        </span>
        <button type="button" className="btn btn-outline" onClick={() => logout.mutate()}>
          <Trans>Log out</Trans>
        </button>
      </header>
      <form className={`card ${styles.panel}`} onSubmit={search} role="search">
        <label className={styles.field}>
          <Trans>Mobile number, order or loan number, or payment or UPI reference</Trans>
          <input className="form-control" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={50} />
        </label>
        <button type="submit" className="btn btn-primary">
          <Trans>Find</Trans>
        </button>
      </form>
      {customer.isFetching && !customer.data && <LoadingOverlay show />}
      {customer.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(customer.error, t`Could not find that. Please try again.`)}
        </p>
      )}
      {customer.data && <CustomerPanel customer={customer.data} staff={staff.data} onActed={() => void customer.refetch()} />}
      {staff.data.role === "supervisor" && <ReconciliationSummary />}
      {staff.data.role === "supervisor" && <Worklist />}
      {staff.data.role === "supervisor" && <AuditTrail />}
    </main>
  );
}
