import { Trans, useLingui } from "@lingui/react/macro";
import { useStaffLogins, type StaffLogin } from "../api/mocks";
import styles from "../qa.module.css";
import { CopyButton } from "./CopyButton";
import { TableHead } from "./TableHead";

/** How a staff member logs in: on their own login page, with the name and the secret typed there. */
function HowToLogIn({ login }: { login: StaffLogin }) {
  const { t } = useLingui();
  if (login.loginPage !== "/desk") {
    return <Trans>The browser's login box on /qa, with the tester's own secret (QA_STAFF).</Trans>;
  }
  return (
    <span className={styles.login}>
      <a href="/desk" target="_blank" rel="noopener noreferrer">
        {t`Open the desk's login in a new tab`}
      </a>
      {login.secret ? (
        <>
          <span>
            <Trans>
              Secret <span className={styles.mono}>{login.secret}</span>
            </Trans>{" "}
            <CopyButton text={login.secret} label={t`the secret of ${login.name}`} />
          </span>
        </>
      ) : (
        <span>
          <Trans>With the secret given to this account (DESK_STAFF); the console never shows it.</Trans>
        </span>
      )}
    </span>
  );
}

/** The gateway's staff logins: the desk's agents and supervisors, and the QA testers. */
export function StaffTable() {
  const { t } = useLingui();
  const staff = useStaffLogins();
  return (
    <>
      <h3 id="staff-title">
        <Trans>Staff</Trans>
      </h3>
      {staff.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>The staff logins could not be read.</Trans>
        </p>
      )}
      {staff.data?.length === 0 ? (
        <p className={styles.muted}>
          <Trans>
            No staff login known: the desk has only the accounts DESK_STAFF names (none set here), and the mocks run on
            their own know none.
          </Trans>
        </p>
      ) : (
        <table className={styles.table} aria-labelledby="staff-title">
          <TableHead columns={[t`Name`, t`Who`, t`What for`, t`How to log in`]} />
          <tbody>
            {(staff.data ?? []).map((login) => (
              <tr key={`${login.role} ${login.name}`}>
                <th scope="row" className={`${styles.mono} ${styles.whole}`}>
                  {login.name}
                </th>
                <td className={styles.whole}>{login.role}</td>
                <td>{login.purpose}</td>
                <td>
                  <HowToLogIn login={login} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
