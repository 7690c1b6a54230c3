import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { mockRefusal, useRunScenarioFile, useScenarioFiles } from "../api/mocks";
import styles from "../qa.module.css";
import { HeldNote, useWorldLock } from "./worldLock";

/** The repository's recipes (qa/scenarios/*.yaml): pick one, run it, see how each step went. */
export function RecipesPanel() {
  const { t } = useLingui();
  const recipes = useScenarioFiles();
  const run = useRunScenarioFile();
  const [chosen, setChosen] = useState("");
  const lock = useWorldLock();
  const file = chosen || recipes.data?.[0]?.file || "";
  const recipe = recipes.data?.find((r) => r.file === file);
  return (
    <section id="recipes" aria-labelledby="recipes-title" className={`card ${styles.section}`}>
      <h2 id="recipes-title">
        <Trans>Recipes</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Saved recipes from qa/scenarios in the repository: each resets the world, sets faults or the clock and checks
          the answers. make test runs every one.
        </Trans>
      </p>
      {recipes.error && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(recipes.error, t`The recipes could not be read.`)}
        </p>
      )}
      <HeldNote reason={lock} />
      <div className={styles.row}>
        <label>
          <Trans>Recipe</Trans>{" "}
          <select
            value={file}
            onChange={(e) => {
              setChosen(e.target.value);
              run.reset();
            }}
          >
            {recipes.data?.map((r) => (
              <option key={r.file} value={r.file}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!file || run.isPending || lock !== null}
          onClick={() => run.mutate(file)}
        >
          <Trans>Run</Trans>
        </button>
      </div>
      {recipe?.description && <p>{recipe.description}</p>}
      {recipe?.problem && (
        <p className="alert alert-danger" role="alert">
          {recipe.problem}
        </p>
      )}
      {run.error && (
        <p className="alert alert-danger" role="alert">
          {mockRefusal(run.error) ?? errorMessage(run.error, t`The recipe could not be run.`)}
        </p>
      )}
      <div role="status" aria-live="polite">
        {run.data && (
          <p className={run.data.passed ? "alert alert-success" : "alert alert-danger"}>
            {run.data.passed ? t`${run.data.name}: every step passed.` : t`${run.data.name}: a step failed.`}
          </p>
        )}
      </div>
      {run.data && (
        <table className="table">
          <caption>
            <Trans>Steps</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Call</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Expected</Trans>
              </th>
              <th scope="col">
                <Trans>Result</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {run.data.steps.map((step, index) => (
              <tr key={index}>
                <td>
                  <code>{step.call}</code>
                </td>
                <td>{step.status}</td>
                <td>{step.expectedStatus}</td>
                <td>{step.passed ? t`Passed` : step.problems.join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
