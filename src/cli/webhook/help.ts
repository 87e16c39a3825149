// `version-explorer webhook --help` (kept apart from the command so help does not load the server).
export const WEBHOOK_HELP = `usage: version-explorer webhook --rules FILE --crd FILE --tls-cert FILE --tls-key FILE [--port N] [--host H]
                                [--max-body BYTES] [--max-objects N] [--timeout MS]
       version-explorer webhook --rules FILE --crd FILE --insecure-http [--port N]
       version-explorer webhook manifests --rules FILE --crd FILE --image IMAGE [--name N] [--namespace NS]
                                [--replicas N] [--cert-manager ISSUER | --ca-bundle FILE] [--crd-patch]

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

manifests prints, as YAML for \`kubectl apply -f -\`: a ConfigMap with the rules and the CRDs they convert, the
Deployment (non-root, read-only root filesystem, probes on /readyz and /healthz), its Service, cert-manager's
Certificate with --cert-manager, and each CRD with spec.conversion pointing at the Service.
  --image IMAGE       the webhook's container image (see the Dockerfile)
  --name N            the Deployment, Service and Certificate name (default version-explorer-webhook)
  --namespace NS      where they run (default version-explorer)
  --replicas N        pods (default 2)
  --cert-manager I    a cert-manager Issuer (or ClusterIssuer/NAME) signs the serving certificate, and its CA is
                      injected into the CRDs (annotation cert-manager.io/inject-ca-from)
  --ca-bundle FILE    without cert-manager: the PEM CA that signed the certificate in Secret <name>-tls
  --crd-patch         print only each CRD's metadata and spec.conversion (kubectl patch --type merge)

Exit codes: 0 stopped by a signal; 1 not used; 2 bad usage or bad input (the rules or the CRD do not load).
`;

export const WEBHOOK_USAGE = [
  'usage: version-explorer webhook --rules FILE --crd FILE --tls-cert FILE --tls-key FILE [--port N] [--host H]',
  '                                [--max-body BYTES] [--max-objects N] [--timeout MS]',
  '       version-explorer webhook --rules FILE --crd FILE --insecure-http [--port N]   (127.0.0.1 only, for tests)',
  '       version-explorer webhook manifests --rules FILE --crd FILE --image IMAGE [--name N] [--namespace NS]',
  '                                [--replicas N] [--cert-manager ISSUER | --ca-bundle FILE] [--crd-patch]',
  '',
].join('\n');

/** The `--webhook` options of convert, roundtrip and migrate (docs/webhook.md, "Testing any running webhook"). */
export const WEBHOOK_OPTIONS_HELP = `  --webhook URL       As deployed: a running conversion webhook converts (real ConversionReviews, answers
                      judged as the API server judges them; a refused answer fails the request)
  --webhook-ca FILE   the CA that signed the webhook's certificate (PEM)
  --webhook-insecure  no certificate check, or http:// (loopback addresses only)
  --webhook-timeout MS  how long to wait for an answer (default 30000)
`;
