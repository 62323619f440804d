type Props = { title: string; message: string; actions?: { label: string; href: string }[] };

/** The full-page error used for 404s, other page errors and failed loads. */
export function ErrorPage({ title, message, actions = [{ label: "Return to Homepage", href: "/" }] }: Props) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <h1 className="mb-3 text-3xl font-bold">{title}</h1>
      <p className="mb-8 text-neutral-400">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {actions.map((a, i) => <a key={a.href + a.label} href={a.href} className={i === 0 ? "btn-primary" : "btn-secondary"}>{a.label}</a>)}
      </div>
    </section>
  );
}
