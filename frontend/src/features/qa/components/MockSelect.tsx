import { Trans } from "@lingui/react/macro";
import { MOCK_NAMES } from "../api/mocks";
import styles from "../qa.module.css";

/** A mock, by its name in the suite; `any` names the choice of every mock (a filter's). */
export function MockSelect({ value, onChange, any }: { value: string; onChange: (mock: string) => void; any?: string }) {
  return (
    <label className={styles.field}>
      <Trans>Mock</Trans>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {any !== undefined && <option value="">{any}</option>}
        {MOCK_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
