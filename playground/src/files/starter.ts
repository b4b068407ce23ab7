/** The file a new designer starts with: a small set that compiles, to change and play. */
export const STARTER = `# My first set. Edit a card: the preview, the problems and the duel bench follow.
set MY "My Set"
ruleset dbe

card MY-001 Flamemon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Fire Ball 300
  triangle: Tail Swing 200
  cross: Guard 100 | Jamming
  timing: SUPPORT
  text: If opponent's type is Nature, Boost own Power +200. If not, Draw 1.

card MY-002 Spark Chip
  kind: Option
  timing: SUPPORT
  text: Boost own Power +300.
`;
