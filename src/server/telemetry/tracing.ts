import { createRequire, register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { Config } from '#server/config.ts';

/** Requests too frequent and too dull to trace: load balancer probes and scrapes. */
const UNTRACED = /^\/(api\/health|api\/ready|metrics)(\?|$)/;

/**
 * OpenTelemetry traces of HTTP (in and out), PostgreSQL and Redis, exported over OTLP/HTTP (JSON) to
 * `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`; off when the variable is not set (ADR 0063). The
 * exporter reads the other standard OTEL_* variables itself (OTEL_EXPORTER_OTLP_HEADERS, timeouts,
 * OTEL_BSP_* batching). Must run before http, pg and ioredis are first loaded: main.ts starts it,
 * then imports the rest of the server. Returns the shutdown that flushes the last spans, or null.
 */
export async function startTracing(config: Config['tracing']): Promise<(() => Promise<void>) | null> {
  if (!config.endpoint) return null;
  // The server is ES modules: pg and ioredis imported from them are patched by import-in-the-middle's
  // loader hook, told by the instrumentations which modules to wrap (and only those).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': config.serviceName })),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }) }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  // The loader hook learns the modules to wrap by message: wait until it has them all.
  await waitForAllMessagesAcknowledged();
  // ioredis is CommonJS, which the ESM hook hands over in a shape its instrumentation cannot patch.
  // Loaded once through require, the require hook patches it; the server's imports later get that
  // very module from the cache.
  createRequire(import.meta.url)('ioredis');
  return () => provider.shutdown();
}
