/**
 * A value built on first use and kept: `lazy(() => z.strictObject({…}))` is a function that
 * builds the schema the first time it is called and returns that same schema ever after.
 *
 * Why: the answer schemas (src/routes/answers/*, src/admin/answers/*) describe what the
 * sandbox sends. Only the OpenAPI documents, the test suite's answer check and a fidelity
 * comparison read them; serving a request never does. Built at module load, they would cost
 * every start CPU time and memory for nothing, so they are built when something first asks (an Answer's `schema` getter, see jsonAnswer in
 * src/http/endpoint.ts). The same instance every time: the documents name a schema by its
 * identity (a part used in several answers is one $ref). Likewise the documents of the request
 * bodies' leaves (src/domain/schemas/fields.ts). A foundation, so that any layer may use it.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
