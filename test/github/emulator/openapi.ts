// GitHub's published OpenAPI description (@octokit/openapi), loaded once per test process, with
// request and response validators compiled on first use of each operation and cached.
//
// File choice: `generated/api.github.com.json` (13 MB, components referenced with $ref) rather than
// `api.github.com.deref.json` (73 MB, every $ref inlined): the deref'd file takes ~10x longer to
// parse and would make ajv compile one copy of `simple-user` per place it appears. Never import the
// package's index.js: it `require`s all ten descriptions (~385 MB of JSON).
//
// The description is OpenAPI 3.0 (a JSON Schema draft-04/07 dialect): `nullable: true` is rewritten
// to JSON Schema (`type: [t, 'null']`, `null` added to an `enum`, or `anyOf [..., {type: 'null'}]`
// where there is no `type`), documentation keywords are dropped, and every
// `#/components/schemas/X` reference points into one shared document added to ajv once.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

export const SPEC_PACKAGE_FILE = '@octokit/openapi/generated/api.github.com.json';
const DOC_ID = 'https://api.github.com/openapi.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ParamDef {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
  multiSegment: boolean;
}

export interface Route {
  method: string;
  template: string;
  operationId: string;
  params: ParamDef[];
  /** Matches the raw (still percent-encoded) pathname; groups are the path params in order. */
  regex: RegExp;
  pathParamNames: string[];
  literalSegments: number;
  multiSegmentParams: number;
  operation: JsonObject;
}

export interface RouteMatch {
  route: Route;
  pathParams: Record<string, string>;
}

export interface Problem {
  where: 'path' | 'query' | 'body' | 'response';
  message: string;
}

export interface SpecLoadStats {
  file: string;
  bytes: number;
  readMs: number;
  parseMs: number;
  prepareMs: number;
  totalMs: number;
  operations: number;
  version: string;
}

const DROP_KEYWORDS = new Set([
  'description',
  'example',
  'examples',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'discriminator',
]);

/** OpenAPI 3.0 schema object → JSON Schema (draft-07) that ajv understands. */
export function toJsonSchema(schema: Json): Json {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROP_KEYWORDS.has(key) || key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/') ? DOC_ID + value : value;
    } else if (
      (key === 'properties' || key === 'patternProperties') &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      const props: JsonObject = {};
      for (const [name, sub] of Object.entries(value)) props[name] = toJsonSchema(sub);
      out[key] = props;
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = typeof value === 'object' ? toJsonSchema(value) : value;
    } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map(toJsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    if (out.type === undefined) return Object.keys(out).length === 0 ? {} : { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

function makeAjv(): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateSchema: false,
    inlineRefs: false,
    logger: false,
  });
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('uri', (s: string) => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  });
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  for (const loose of [
    'uri-template',
    'int32',
    'int64',
    'double',
    'float',
    'repo.nwo',
    'binary',
    'byte',
    'hostname',
    'ipv4',
    'ipv6',
    'uuid',
    'password',
  ]) {
    ajv.addFormat(loose, true);
  }
  return ajv;
}

function describeErrors(errors: ErrorObject[] | null | undefined, root: string): string[] {
  if (!errors) return [];
  return errors.map((e) => {
    const at = `${root}${e.instancePath}`;
    const extra =
      e.keyword === 'enum'
        ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)})`
        : e.keyword === 'additionalProperties'
          ? ` ('${(e.params as { additionalProperty: string }).additionalProperty}')`
          : '';
    return `${at} ${e.message ?? e.keyword}${extra}`;
  });
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class OpenApiSpec {
  readonly stats: SpecLoadStats;
  private readonly doc: JsonObject;
  private readonly routesByMethod = new Map<string, Route[]>();
  private readonly ajv = makeAjv();
  private readonly paramValidators = new Map<string, ValidateFunction>();
  private readonly bodyValidators = new Map<string, ValidateFunction | null>();
  private readonly responseValidators = new Map<string, ValidateFunction | null>();
  compileMs = 0;

  constructor(file = createRequire(import.meta.url).resolve(SPEC_PACKAGE_FILE)) {
    const t0 = performance.now();
    const text = readFileSync(file, 'utf8');
    const t1 = performance.now();
    this.doc = JSON.parse(text) as JsonObject;
    const t2 = performance.now();
    const components = this.doc.components as JsonObject;
    const schemas: JsonObject = {};
    for (const [name, schema] of Object.entries(components.schemas as JsonObject)) schemas[name] = toJsonSchema(schema);
    this.ajv.addSchema({ $id: DOC_ID, components: { schemas } }, undefined, undefined, false);
    let operations = 0;
    for (const [template, item] of Object.entries(this.doc.paths as JsonObject)) {
      const pathItem = item as JsonObject;
      const shared = (pathItem.parameters as Json[] | undefined) ?? [];
      for (const method of METHODS) {
        const operation = pathItem[method] as JsonObject | undefined;
        if (!operation) continue;
        operations++;
        const route = this.buildRoute(method.toUpperCase(), template, operation, shared);
        const list = this.routesByMethod.get(route.method) ?? [];
        list.push(route);
        this.routesByMethod.set(route.method, list);
      }
    }
    const t3 = performance.now();
    this.stats = {
      file,
      bytes: text.length,
      readMs: t1 - t0,
      parseMs: t2 - t1,
      prepareMs: t3 - t2,
      totalMs: t3 - t0,
      operations,
      version: String((this.doc.info as JsonObject).version),
    };
  }

  private deref(node: Json): JsonObject {
    let current = node as JsonObject;
    const seen = new Set<string>();
    while (current && typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
      seen.add(ref);
      current = ref
        .slice(2)
        .split('/')
        .reduce<Json>(
          (acc, key) => (acc as JsonObject)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
          this.doc,
        ) as JsonObject;
    }
    return current;
  }

  private buildRoute(method: string, template: string, operation: JsonObject, shared: Json[]): Route {
    const byKey = new Map<string, ParamDef>();
    for (const raw of [...shared, ...((operation.parameters as Json[] | undefined) ?? [])]) {
      const p = this.deref(raw);
      byKey.set(`${String(p.in)}:${String(p.name)}`, {
        name: String(p.name),
        in: p.in as ParamDef['in'],
        required: p.required === true,
        schema: (p.schema as JsonObject | undefined) ?? {},
        multiSegment: p['x-multi-segment'] === true,
      });
    }
    const params = [...byKey.values()];
    const pathParamNames: string[] = [];
    let literalSegments = 0;
    let multiSegmentParams = 0;
    const segments = template.split('/').map((segment) => {
      if (!segment.includes('{')) {
        if (segment) literalSegments++;
        return escapeRegex(segment);
      }
      return segment
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const m = /^\{([^}]+)\}$/.exec(part);
          if (!m) return escapeRegex(part);
          pathParamNames.push(m[1]);
          const multi = byKey.get(`path:${m[1]}`)?.multiSegment === true;
          if (multi) multiSegmentParams++;
          return multi ? '(.+?)' : '([^/]+?)';
        })
        .join('');
    });
    return {
      method,
      template,
      operationId: String(operation.operationId),
      params,
      regex: new RegExp(`^${segments.join('/')}$`),
      pathParamNames,
      literalSegments,
      multiSegmentParams,
      operation,
    };
  }

  /** The operation for a method and raw pathname; the most literal template wins. */
  match(method: string, rawPath: string): RouteMatch | undefined {
    let best: { route: Route; groups: string[] } | undefined;
    for (const route of this.routesByMethod.get(method.toUpperCase()) ?? []) {
      const m = route.regex.exec(rawPath);
      if (!m) continue;
      if (
        !best ||
        route.literalSegments > best.route.literalSegments ||
        (route.literalSegments === best.route.literalSegments &&
          route.multiSegmentParams < best.route.multiSegmentParams)
      ) {
        best = { route, groups: m.slice(1) };
      }
    }
    if (!best) return undefined;
    const pathParams: Record<string, string> = {};
    best.route.pathParamNames.forEach((name, i) => {
      let value = best.groups[i];
      try {
        value = decodeURIComponent(value);
      } catch {
        /* keep raw */
      }
      pathParams[name] = value;
    });
    return { route: best.route, pathParams };
  }

  /** All (method, template) pairs: used to tell "wrong method" from "unknown path". */
  hasPath(rawPath: string): boolean {
    for (const routes of this.routesByMethod.values()) if (routes.some((r) => r.regex.test(rawPath))) return true;
    return false;
  }

  private timed<T>(fn: () => T): T {
    const t = performance.now();
    try {
      return fn();
    } finally {
      this.compileMs += performance.now() - t;
    }
  }

  private paramsValidator(route: Route, where: 'path' | 'query'): ValidateFunction {
    const key = `${route.method} ${route.template} ${where}`;
    let v = this.paramValidators.get(key);
    if (!v) {
      const defs = route.params.filter((p) => p.in === where);
      const schema = {
        type: 'object',
        properties: Object.fromEntries(defs.map((p) => [p.name, toJsonSchema(p.schema)])),
        required: defs.filter((p) => p.required).map((p) => p.name),
      };
      v = this.timed(() => this.ajv.compile(schema));
      this.paramValidators.set(key, v);
    }
    return v;
  }

  private jsonContentSchema(node: Json | undefined): JsonObject | undefined {
    if (!node) return undefined;
    const resolved = this.deref(node);
    const content = resolved.content as JsonObject | undefined;
    if (!content) return undefined;
    const json = Object.entries(content).find(([type]) => /^application\/(.+\+)?json/.test(type));
    return json ? ((json[1] as JsonObject).schema as JsonObject | undefined) : undefined;
  }

  requestBodyInfo(route: Route): { required: boolean; json: boolean; present: boolean } {
    const body = route.operation.requestBody;
    if (!body) return { required: false, json: false, present: false };
    const resolved = this.deref(body);
    return { required: resolved.required === true, json: this.jsonContentSchema(body) !== undefined, present: true };
  }

  private bodyValidator(route: Route): ValidateFunction | null {
    const key = `${route.method} ${route.template}`;
    if (!this.bodyValidators.has(key)) {
      const schema = this.jsonContentSchema(route.operation.requestBody);
      this.bodyValidators.set(key, schema ? this.timed(() => this.ajv.compile(toJsonSchema(schema) as object)) : null);
    }
    return this.bodyValidators.get(key) ?? null;
  }

  private coerce(value: string, schema: JsonObject): Json {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
    if (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
    if (type === 'array') return value.split(',');
    return value;
  }

  validateRequest(match: RouteMatch, query: URLSearchParams, body: { present: boolean; value: unknown }): Problem[] {
    const { route } = match;
    const problems: Problem[] = [];
    const pathData: Record<string, Json> = {};
    for (const def of route.params.filter((p) => p.in === 'path')) {
      const raw = match.pathParams[def.name];
      if (raw !== undefined) pathData[def.name] = this.coerce(raw, def.schema);
    }
    const pathValidator = this.paramsValidator(route, 'path');
    if (!pathValidator(pathData)) {
      for (const m of describeErrors(pathValidator.errors, 'path')) problems.push({ where: 'path', message: m });
    }
    const queryDefs = new Map(route.params.filter((p) => p.in === 'query').map((p) => [p.name, p]));
    const queryData: Record<string, Json> = {};
    for (const name of new Set(query.keys())) {
      const def = queryDefs.get(name) ?? queryDefs.get(name.replace(/\[\]$/, ''));
      if (!def) {
        problems.push({ where: 'query', message: `query parameter '${name}' is not defined for ${route.operationId}` });
        continue;
      }
      const values = query.getAll(name);
      const type = Array.isArray(def.schema.type) ? def.schema.type[0] : def.schema.type;
      queryData[def.name] =
        type === 'array' && values.length > 1 ? values : this.coerce(values[values.length - 1], def.schema);
    }
    const queryValidator = this.paramsValidator(route, 'query');
    if (!queryValidator(queryData)) {
      for (const m of describeErrors(queryValidator.errors, 'query')) problems.push({ where: 'query', message: m });
    }
    const info = this.requestBodyInfo(route);
    if (!info.present) {
      if (body.present) problems.push({ where: 'body', message: `${route.operationId} takes no request body` });
    } else if (!body.present) {
      if (info.required) problems.push({ where: 'body', message: `${route.operationId} requires a request body` });
    } else if (info.json) {
      const validator = this.bodyValidator(route);
      if (validator && !validator(body.value)) {
        for (const m of describeErrors(validator.errors, 'body')) problems.push({ where: 'body', message: m });
      }
    }
    return problems;
  }

  private responseValidator(route: Route, status: number): ValidateFunction | null {
    const key = `${route.method} ${route.template} ${status}`;
    if (!this.responseValidators.has(key)) {
      const responses = route.operation.responses as JsonObject;
      const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      const schema = this.jsonContentSchema(response);
      this.responseValidators.set(
        key,
        schema ? this.timed(() => this.ajv.compile(toJsonSchema(schema) as object)) : null,
      );
    }
    return this.responseValidators.get(key) ?? null;
  }

  /** Problems with a response the emulator produced; undocumented statuses count as problems. */
  validateResponse(route: Route, status: number, body: unknown): Problem[] {
    const responses = route.operation.responses as JsonObject;
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    // Errors every endpoint may answer (auth, validation, rate limits, server faults) are not
    // always listed per operation; only successful statuses must be documented.
    if (!documented) {
      return status < 400
        ? [{ where: 'response', message: `status ${status} is not documented for ${route.operationId}` }]
        : [];
    }
    const validator = this.responseValidator(route, status);
    if (!validator || validator(body)) return [];
    return describeErrors(validator.errors, 'response').map((message) => ({ where: 'response', message }));
  }
}

let singleton: OpenApiSpec | undefined;

/** The process-wide description (loaded on first call). */
export function openApiSpec(): OpenApiSpec {
  singleton ??= new OpenApiSpec();
  return singleton;
}
