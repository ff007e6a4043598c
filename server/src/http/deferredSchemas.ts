// Route schemas compiled on a route's first request, not at start: compiling every route's validators (Ajv) and
// response serializers (fast-json-stringify) up front was about a third of a start's CPU (issue 29's < 3 s from the
// build; docs/architecture/budgets.md "Start-up from the build"). compileAll() compiles whatever is left, so a test
// proves every route's schemas compile (http/health.test.ts), as a start used to.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

/** What Fastify's validator compilers return: called with the data, `errors` of the last call. */
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type Serialize = (data: unknown) => string;
/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

export class DeferredSchemas {
  private readonly uncompiled = new Set<() => unknown>();

  /** Compiles every schema no request has needed yet. */
  compileAll(): void {
    for (const compile of [...this.uncompiled]) compile();
  }

  get pending(): number {
    return this.uncompiled.size;
  }

  /** A validator that compiles on its first call; its `errors` are those of its last call, as Fastify reads them. */
  validator(compile: () => Validate): Validate {
    const compiled = this.once(compile);
    const validate: Validate = (data: unknown) => {
      const real = compiled();
      const valid = real(data);
      validate.errors = real.errors;
      return valid;
    };
    return validate;
  }

  /** Fastify's default response serializers (fast-json-stringify, with the shared schemas), each compiled on first use. */
  serializers(): SerializerFactory {
    const defaults = SerializerSelector();
    return (externalSchemas, options) => {
      const build = defaults(externalSchemas, options);
      return (route) => {
        const compiled = this.once(() => build(route) as Serialize);
        return (data: unknown) => compiled()(data);
      };
    };
  }

  private once<F>(compile: () => F): () => F {
    let compiled: F | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        this.uncompiled.delete(get);
      }
      return compiled;
    };
    this.uncompiled.add(get);
    return get;
  }
}
