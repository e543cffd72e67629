// One shape for a value or the reason there is none: a function that can fail on its input (a
// format not recognised, a spec that does not parse, a metric the data cannot give) returns a
// Result, and the caller checks `ok` before it can reach `value`. Exceptions stay for input a run
// cannot go on without (InputError at the edge).

export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
