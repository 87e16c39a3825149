// Link lengths that matter when pasting a link somewhere (ux-anchors.md, summary point 5).
export const LINK_LIMITS = [
  { max: 2_000, level: 'chat', label: 'fits a chat message (Discord, Slack guidance)' },
  { max: 8_000, level: 'safe', label: 'safe everywhere (RFC 9110 recommends 8,000)' },
  { max: 65_536, level: 'github', label: 'fits a GitHub comment (65,536)' },
] as const;

export type LinkLevel = (typeof LINK_LIMITS)[number]['level'] | 'too-long';

export function linkLevel(length: number): LinkLevel {
  return LINK_LIMITS.find((l) => length <= l.max)?.level ?? 'too-long';
}
