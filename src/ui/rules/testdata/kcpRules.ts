// Test fixture (unit and e2e): rules files for Cluster API's KubeadmControlPlane v1beta1 -> v1beta2, one rule a
// call. Each text ends with its last rule's last value (no newline), so an editor's end is that value's end.
const HEAD = `apiVersion: version-explorer.dev/v1alpha1
kind: ConversionRules
conversions:
  - group: controlplane.cluster.x-k8s.io
    kind: KubeadmControlPlane
    from: v1beta1
    to: v1beta2
    rules:`;

export const kcpRules = (...rules: string[]): string => [HEAD, ...rules].join('\n');

export const moveRule = (id: string, from: string, to: string): string =>
  `      - id: ${id}\n        move:\n          from: ${from}\n          to: ${to}`;

export const dropRule = (id: string, from: string, reason: string): string =>
  `      - id: ${id}\n        drop:\n          reason: ${reason}\n          from: ${from}`;
