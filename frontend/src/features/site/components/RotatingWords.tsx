import { useEffect, useState } from "react";
import styles from "./RotatingWords.module.css";

/** Words shown one after another every `interval` ms; screen readers get the whole list once. */
export function RotatingWords({ words, interval }: { words: readonly string[]; interval: number }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % words.length), interval);
    return () => window.clearInterval(timer);
  }, [words.length, interval]);
  return (
    <>
      <span className={styles.word} aria-hidden="true" key={index} data-testid="rotating-word">
        {words[index]}
      </span>
      <span className="visually-hidden">{words.join(", ")}</span>
    </>
  );
}
