import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent } from "react";
import { useSearchParams } from "react-router";
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

/**
 * /desk: staff only. Log in, find a customer by what they quote, act through the owning service.
 * What is looked up is the address's `find` (/desk?find=...), so the worklist's links to an
 * order, a loan or the provider's payment open it, and Back returns to the list.
 */
export default function DeskPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Support desk` });
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const query = params.get("find")?.trim() ?? "";
  // The next staff member starts from an empty search.
  const logout = useDeskLogout(() => {
    setParams({});
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
        <DeskLogin />
      </main>
    );
  }
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("find") ?? "").trim();
    setParams(typed ? { find: typed } : {});
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
      <form key={query} className={`card ${styles.panel}`} onSubmit={search} role="search">
        <label className={styles.field}>
          <Trans>Mobile number, order or loan number, or payment or UPI reference</Trans>
          <input className="form-control" name="find" defaultValue={query} maxLength={50} />
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
