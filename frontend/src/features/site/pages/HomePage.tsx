import { useConfig } from "../../../app/config";

export default function HomePage() {
  const config = useConfig();
  return (
    <section className="container page-narrow">
      <h1>{config.productName}</h1>
    </section>
  );
}
