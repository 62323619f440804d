import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { siteApiDocument } from "../../lib/render/openapi.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { schemaSummary } from "../../lib/render/schema_text.ts";

type Json = Record<string, any>;
const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-900 text-sky-100",
  head: "bg-sky-900 text-sky-100",
  post: "bg-emerald-900 text-emerald-100",
  put: "bg-amber-900 text-amber-100",
  patch: "bg-amber-900 text-amber-100",
  delete: "bg-red-900 text-red-100",
};

/**
 * `GET /api/docs`: the OpenAPI document as a page people read, rendered on the server from the
 * same document `/api/openapi.json` serves. No script at all, ours or anyone else's.
 */
export const apiDocsPage = new Hono<AppEnv>().get("/docs", (c) => {
  const { doc } = siteApiDocument(c.var.config);
  // The header shows who is signed in: such a page is never for a shared cache (quality bar 20).
  c.header("Cache-Control", c.var.user ? "private, no-cache" : "public, max-age=300");
  return renderPage(c, <ApiDocs doc={doc} />, {
    meta: {
      title: "API",
      description: `The ${c.var.config.siteName} JSON API: every endpoint, its input and its answers.`,
      canonical: "/api/docs",
    },
  });
});

function ApiDocs({ doc }: { doc: Json }) {
  const ops = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, op]) => ({ path, method, op: op as Json }))
  );
  const tags: string[] = doc.tags.map((t: Json) => t.name);
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">{doc.info.title}</h1>
      <p className="mt-3 text-neutral-300">{doc.info.description}</p>
      <p className="mt-3 text-sm text-neutral-400">
        {`OpenAPI ${doc.openapi}, version ${doc.info.version}. The machine-readable document: `}
        <a className="text-orange-400 underline" href="/api/openapi.json">/api/openapi.json</a>
        {". Errors answer "}
        <code className="rounded bg-neutral-800 px-1">{`{ "error": "..." }`}</code>
        {" with the status."}
      </p>
      <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((t) => (
          <a key={t} href={`#tag-${t}`} className="rounded-full bg-neutral-800 px-3 py-1 text-sm hover:bg-neutral-700">
            {`${t} (${ops.filter((o) => o.op.tags[0] === t).length})`}
          </a>
        ))}
      </nav>
      {tags.map((t) => (
        <section key={t} id={`tag-${t}`} aria-labelledby={`tag-${t}-title`} className="mt-10">
          <h2 id={`tag-${t}-title`} className="border-b border-neutral-800 pb-2 text-2xl font-semibold capitalize">{t}</h2>
          {ops.filter((o) => o.op.tags[0] === t).map((o) => <Operation key={`${o.method} ${o.path}`} {...o} />)}
        </section>
      ))}
      <section id="schemas" aria-labelledby="schemas-title" className="mt-12">
        <h2 id="schemas-title" className="border-b border-neutral-800 pb-2 text-2xl font-semibold">Answers</h2>
        {Object.entries(doc.components.schemas as Json).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="mt-6">
            <h3 className="font-mono text-lg font-semibold">{name}</h3>
            {schema.description && <p className="text-sm text-neutral-400">{schema.description}</p>}
            <Fields schema={schema} />
          </div>
        ))}
      </section>
    </article>
  );
}

function Operation({ path, method, op }: { path: string; method: string; op: Json }) {
  const params: Json[] = op.parameters ?? [];
  const body = op.requestBody?.content;
  const bodyType = body ? Object.keys(body)[0] : null;
  return (
    <div id={op.operationId} className="mt-6 rounded-xl bg-neutral-900 p-4">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm sm:text-base">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_COLORS[method]}`}>{method}</span>
        <span className="break-all">{path}</span>
        {op.security && <span className="rounded bg-neutral-800 px-2 py-0.5 font-sans text-xs text-neutral-300">sign-in required</span>}
      </h3>
      <p className="mt-2 text-neutral-200">{op.summary}</p>
      {params.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold text-neutral-400">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {params.map((p) => (
              <li key={`${p.in}:${p.name}`}>
                <code className="text-orange-300">{p.name}</code>
                {` (${p.in}${p.required ? ", required" : ""}): ${schemaSummary(p.schema)}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {bodyType && (
        <>
          <h4 className="mt-3 text-sm font-semibold text-neutral-400">{`Body (${bodyType})`}</h4>
          <Fields schema={body[bodyType].schema} />
        </>
      )}
      <h4 className="mt-3 text-sm font-semibold text-neutral-400">Answers</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(op.responses as Json).map(([status, r]) => {
          const content = r.content ? Object.entries(r.content as Json)[0] : null;
          return (
            <li key={status}>
              <span className="font-mono font-semibold">{status}</span>
              {` ${r.description}`}
              {content && content[0] !== "application/json" && <span className="text-neutral-400">{` (${content[0]})`}</span>}
              {content && Number(status) < 400 && <SchemaRef schema={content[1].schema} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SchemaRef({ schema }: { schema: Json | undefined }) {
  const ref: string | undefined = schema?.$ref ?? schema?.items?.$ref;
  if (!ref) return null;
  const name = ref.split("/").pop()!;
  return (
    <>
      {": "}
      <a className="text-orange-400 underline" href={`#schema-${name}`}>{schema!.items ? `${name}[]` : name}</a>
    </>
  );
}

function Fields({ schema }: { schema: Json }) {
  const props = Object.entries((schema.properties ?? {}) as Json);
  if (!props.length) return <p className="text-sm text-neutral-400">{schemaSummary(schema)}</p>;
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {props.map(([name, s]) => (
        <li key={name} className="break-words">
          <code className="text-orange-300">{name}</code>
          {`${schema.required?.includes(name) ? "" : " (optional)"}: ${schemaSummary(s)}`}
        </li>
      ))}
    </ul>
  );
}
