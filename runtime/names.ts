/**
 * Card names and partial names. Source: `000_012504f4614e5b24.txt`, Evolution Phase 4.3
 * "Partial names in evo-box": "-dramon", "kok-" and "-devi-" match any name ending with,
 * starting with or containing the fragment; names compare case-insensitively.
 */
import type { NamePattern } from "./ir.ts";

/**
 * Whether a card name matches a full or partial name pattern (case-insensitive).
 * @param name a printed name (or a name a card also counts as)
 * @param pattern the IR pattern: exact, suffix ("-dramon"), prefix ("kok-"), infix ("-devi-")
 */
export function nameMatches(name: string, pattern: NamePattern): boolean {
  const n = name.toLowerCase();
  switch (pattern.kind) {
    case "exact":
      return n === pattern.name.toLowerCase();
    case "suffix":
      return n.endsWith(pattern.part.toLowerCase());
    case "prefix":
      return n.startsWith(pattern.part.toLowerCase());
    case "infix":
      return n.includes(pattern.part.toLowerCase());
  }
}
