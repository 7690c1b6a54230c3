import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { usePeople, type Person } from "../api/mocks";
import styles from "../qa.module.css";
import { logInAs } from "./logInAs";
import { ScrollBox } from "./ScrollBox";
import { TableHead } from "./TableHead";
import { StaffTable } from "./StaffTable";

/** People: whom the seed holds and what each is for, each one click from a real login in a new tab. */
export function PeoplePanel() {
  const { t } = useLingui();
  const people = usePeople();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const logIn = (person: Person) => {
    setSaid({ ok: true, text: t`Logging in as ${person.name} in a new tab…` });
    logInAs(person).then(
      () => setSaid({ ok: true, text: t`Logged in as ${person.name} in the new tab.` }),
      () => setSaid({ ok: false, text: t`The login as ${person.name} did not finish: see the new tab (or allow pop-ups).` }),
    );
  };
  return (
    <section id="people" aria-labelledby="people-title" className={`card ${styles.section}`}>
      <h2 id="people-title">
        <Trans>People</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          "Log in as" opens the person's login page in a new tab and logs in there as they would: the number, then the
          code read from the SMS outbox.
        </Trans>
      </p>
      <div role="status" aria-live="polite">
        {said && <p className={`alert ${said.ok ? "alert-info" : "alert-danger"}`}>{said.text}</p>}
      </div>
      {people.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>The mocks' people could not be read.</Trans>
        </p>
      )}
      <ScrollBox label={t`Everyone seeded, scrollable`}>
        <table className={styles.table} aria-labelledby="people-title">
          <TableHead columns={[t`Name`, t`Mobile`, t`Who`, t`What for`, t`Log in`]} />
          <tbody>
            {(people.data ?? []).map((person) => (
              <tr key={`${person.role} ${person.mobileNumber}`}>
                <th scope="row">{person.name}</th>
                <td className={styles.mono}>{person.mobileNumber}</td>
                <td>{person.role}</td>
                <td>{person.purpose}</td>
                <td>
                  <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => logIn(person)}>
                    {t`Log in as ${person.name} (${person.role})`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <StaffTable />
    </section>
  );
}
