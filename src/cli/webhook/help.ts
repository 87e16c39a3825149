// `version-explorer webhook --help` (kept apart from the command so help does not load the server).
export const WEBHOOK_HELP = `usage: version-explorer webhook --rules FILE --crd FILE --tls-cert FILE --tls-key FILE [--port N] [--host H]
                                [--max-body BYTES] [--max-objects N] [--timeout MS]
       version-explorer webhook --rules FILE --crd FILE --insecure-http [--port N]
       version-explorer webhook manifests --crd FILE --image IMAGE [--namespace NS] [--name NAME]
                                [--cert-manager ISSUER] [--rules-configmap NAME]

Serves the conversion rules as a Kubernetes conversion webhook (docs/webhook.md): POST /convert answers a
ConversionReview (apiextensions.k8s.io/v1 or v1beta1) with what \`rules apply\` computes, every object or a
Failure with the reason. GET /healthz, /readyz (503 while shutting down), /metrics (Prometheus). One JSON log
line per request on stderr. SIGTERM or SIGINT: finishes the requests in flight, then exits 0.

  --rules FILE        the conversion rules (docs/conversion-rules.md)
  --crd FILE          the CustomResourceDefinition(s): files or folders, comma-separated
  --tls-cert FILE     the serving certificate (PEM); reloaded when it changes
  --tls-key FILE      its private key (PEM); reloaded when it changes
  --port N            the port (default 9443)
  --host H            the address to listen on (default 0.0.0.0; 127.0.0.1 with --insecure-http)
  --max-body BYTES    the largest request body (default 33554432); larger: 413
  --max-objects N     the most objects in one ConversionReview (default 10000); more: a Failure
  --timeout MS        time to read and convert one request (default 10000); longer: 408 or a Failure
  --insecure-http     plain HTTP on a loopback address, for tests only

Exit codes: 0 stopped by a signal; 1 not used; 2 bad usage or bad input (the rules or the CRD do not load).
`;
