/**
 * Sessions: "me" answers, agents step one decision at a time or in time-boxed slices, undo
 * goes back to "me"'s previous decision by replaying the answers, restart replays nothing,
 * and the result line reads like the CLI's.
 */
import { describe, expect, it } from "vitest";
import { agentSeeds, newDuelGame, prepareDuel, type PreparedDuel } from "./setup.ts";
import { loopMessage, resultLine, Session } from "./session.ts";
import { bundledDeck, workspaceCards } from "./test-cards.ts";

const cards = workspaceCards();
const prepared = prepareDuel(cards, [bundledDeck("dragon-rush"), bundledDeck("nature-wall")], "dbe") as PreparedDuel;

function session(seed: number, seats: ["me" | "random" | "greedy", "me" | "random" | "greedy"]) {
  return new Session(() => newDuelGame(prepared, seed), seats, agentSeeds(seed));
}

describe("Session", () => {
  it("stops at me's decisions; agents answer theirs", () => {
    const s = session(5, ["me", "greedy"]);
    expect(s.status === "me" || s.status === "agent").toBe(true);
    let guard = 0;
    while (s.status !== "over" && guard++ < 5000) {
      if (s.status === "me") {
        const d = s.pending!;
        s.answer(Array.from({ length: d.min }, (_, i) => i));
      } else expect(s.step()).toBe(true);
    }
    expect(s.status).toBe("over");
    expect(s.history.some((h) => h.by === "me")).toBe(true);
    expect(s.history.filter((h) => h.by === "me").every((h) => h.player === 0)).toBe(true);
    expect(s.history.length).toBe(s.game.choices.length);
  });

  it("refuses an illegal answer and changes nothing", () => {
    const s = session(5, ["me", "me"]);
    const d = s.pending!;
    const before = s.game.digest();
    expect(() => s.answer([d.options.length + 3])).toThrow(/does not exist|choose/);
    expect(s.game.digest()).toBe(before);
    expect(s.history).toHaveLength(0);
  });

  it("undo replays to me's previous decision, restart to the start, same digests", () => {
    const s = session(11, ["me", "random"]);
    const marks: { digest: string; decision: number }[] = [];
    for (let k = 0; k < 6 && s.status !== "over"; ) {
      if (s.status === "me") {
        marks.push({ digest: s.game.digest(), decision: s.game.choices.length });
        s.answer(Array.from({ length: s.pending!.max }, (_, i) => i));
        k++;
      } else s.step();
    }
    const last = marks.at(-1)!;
    expect(s.undo()).toBe(true);
    expect(s.status).toBe("me");
    expect(s.game.choices.length).toBe(last.decision);
    expect(s.game.digest()).toBe(last.digest);
    expect(s.undo()).toBe(true);
    expect(s.game.digest()).toBe(marks.at(-2)!.digest);
    // Playing on after an undo: the random agent is where it was, so the same answers give
    // the same game as a fresh session given them.
    const start = session(11, ["me", "random"]);
    s.restart();
    expect(s.game.digest()).toBe(start.game.digest());
    expect(s.history).toHaveLength(0);
    expect(s.canUndo).toBe(false);
    expect(s.undo()).toBe(false);
  });

  it("the random agent continues identically after an undo", () => {
    const play = (s: Session) => {
      let guard = 0;
      while (s.status !== "over" && guard++ < 5000) {
        if (s.status === "me") s.answer(Array.from({ length: s.pending!.min }, (_, i) => i));
        else s.step();
      }
      return s.game.digest();
    };
    const a = session(3, ["me", "random"]);
    const straight = play(a);
    const b = session(3, ["me", "random"]);
    for (let mine = 0; mine < 3; ) {
      if (b.status === "me") {
        b.answer(Array.from({ length: b.pending!.min }, (_, i) => i));
        mine++;
      } else b.step();
    }
    b.undo();
    expect(play(b)).toBe(straight);
  });

  it("runs in time-boxed slices", () => {
    const s = session(5, ["random", "greedy"]);
    let t = 0;
    const n = s.run(3, () => (t += 1));
    expect(n).toBe(3);
    while (s.run(50) > 0);
    expect(s.status).toBe("over");
    expect(resultLine(s.game)).toMatch(/^Result: P[12] \(.*\) wins — .*; \d+ turns, \d+ decisions; seed 5; digest [0-9a-f]{16}$/);
    expect(loopMessage(s.game)).toBeNull();
  });

  it("one step with an agent takes well under a frame", () => {
    const s = session(9, ["greedy", "random"]);
    const times: number[] = [];
    while (s.status === "agent") {
      const t0 = performance.now();
      s.step();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]!).toBeLessThan(16);
  });

  it("an engine failure becomes the session's error", () => {
    let first = true;
    const s = new Session(() => {
      const g = newDuelGame(prepared, 1);
      if (!first) return g;
      first = false;
      (g as unknown as { advance(): never }).advance = () => {
        throw new Error("boom");
      };
      return g;
    }, ["random", "random"], [1, 2]);
    expect(s.status).toBe("error");
    expect(s.error).toMatch(/boom/);
    expect(s.step()).toBe(false);
    s.restart();
    expect(s.status).not.toBe("error");
  });
});
