/**
 * The yardstick of the grammar benchmark: a chevrotain JSON grammar in chevrotain's own
 * fast style (its JSON example grammar: one lexer, an embedded-actions parser that builds
 * the value, alternatives built once per parser, no recovery, lookahead 1). The card-text
 * grammar's lex + parse time is measured against it on the same number of characters
 * (`bench/grammar.ts`), a ratio the machine's speed swings cannot bias.
 */
import { createToken, EmbeddedActionsParser, Lexer, type IOrAlt, type TokenType } from "chevrotain";

const True = createToken({ name: "True", pattern: /true/ });
const False = createToken({ name: "False", pattern: /false/ });
const Null = createToken({ name: "Null", pattern: /null/ });
const LCurly = createToken({ name: "LCurly", pattern: /{/ });
const RCurly = createToken({ name: "RCurly", pattern: /}/ });
const LSquare = createToken({ name: "LSquare", pattern: /\[/ });
const RSquare = createToken({ name: "RSquare", pattern: /]/ });
const Comma = createToken({ name: "Comma", pattern: /,/ });
const Colon = createToken({ name: "Colon", pattern: /:/ });
const StringLiteral = createToken({ name: "StringLiteral", pattern: /"(?:[^\\"]|\\(?:[bfnrtv"\\/]|u[0-9a-fA-F]{4}))*"/ });
const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/ });
const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\n\r]+/, group: Lexer.SKIPPED });

const TOKENS: TokenType[] = [WhiteSpace, NumberLiteral, StringLiteral, LCurly, RCurly, LSquare, RSquare, Comma, Colon, True, False, Null];

/** The JSON lexer. */
export const jsonLexer = new Lexer(TOKENS, { positionTracking: "onlyOffset", ensureOptimizations: true });

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A JSON parser that builds the value (embedded actions). */
export class JsonParser extends EmbeddedActionsParser {
  constructor() {
    super(TOKENS, { recoveryEnabled: false, maxLookahead: 1 });
    this.performSelfAnalysis();
  }

  private valueAlts: IOrAlt<Json>[] | undefined;

  public json = this.RULE("json", (): Json => this.SUBRULE(this.value));

  private object = this.RULE("object", (): Json => {
    const obj: { [k: string]: Json } = {};
    this.CONSUME(LCurly);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const key = this.CONSUME(StringLiteral).image;
        this.CONSUME(Colon);
        const v = this.SUBRULE(this.value);
        this.ACTION(() => (obj[key.slice(1, -1)] = v));
      },
    });
    this.CONSUME(RCurly);
    return obj;
  });

  private array = this.RULE("array", (): Json => {
    const arr: Json[] = [];
    this.CONSUME(LSquare);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const v = this.SUBRULE(this.value);
        this.ACTION(() => arr.push(v));
      },
    });
    this.CONSUME(RSquare);
    return arr;
  });

  private value = this.RULE("value", (): Json =>
    this.OR(
      (this.valueAlts ??= [
        {
          ALT: () => {
            const t = this.CONSUME(StringLiteral);
            return this.ACTION(() => JSON.parse(t.image) as string);
          },
        },
        { ALT: () => Number(this.CONSUME(NumberLiteral).image) },
        { ALT: () => this.SUBRULE(this.object) },
        { ALT: () => this.SUBRULE(this.array) },
        { ALT: () => (this.CONSUME(True), true) },
        { ALT: () => (this.CONSUME(False), false) },
        { ALT: () => (this.CONSUME(Null), null) },
      ]),
    ),
  );
}

/**
 * A JSON document of about `chars` characters, like a card database: objects with strings,
 * numbers, booleans and nested arrays (deterministic).
 */
export function jsonDocument(chars: number): string {
  const items: string[] = [];
  let n = 2;
  for (let i = 0; n < chars; i++) {
    const item = JSON.stringify({ id: `BT${i % 12}-${String(i).padStart(3, "0")}`, name: `Card number ${i}`, dp: 1000 * (i % 13), level: i % 7, colors: ["red", "blue"].slice(0, 1 + (i % 2)), effect: i % 3 === 0 ? null : `Draw ${i % 3}. Gain 1 memory.`, inherited: i % 5 === 0 });
    items.push(item);
    n += item.length + 1;
  }
  return `[${items.join(",")}]`;
}
