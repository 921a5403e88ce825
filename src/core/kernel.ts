/**
 * The turn machine (docs/architecture.md "The game is a state machine"): the one interpreter of
 * every game's rules. A game declares its task kinds (how each steps to its next decision or
 * chance point, how each carries out an answer or an outcome) and its phase sequence; the kernel
 * owns the loop, the check that an answer is for the pending decision, the decision counter,
 * forced moves (a decision with one legal option never pends) and chance points (a task may stop
 * at an explicit chance node, in explicit-chance mode, and is handed the outcome).
 *
 * The anchors: OpenSpiel's State (decision and chance nodes, `ApplyAction`), Pgx's `step`, and
 * boardgame.io's game as data (phases and moves declared, the loop in the framework).
 */
import type { ChanceNode, Decision, Pending, Workspace } from './game.js';

/** A task on a game's stack: a tagged record (`t` names its kind), plain data in the state. */
export interface TaskBase {
  readonly t: string;
}

/** The fields the kernel owns in a game's state. */
export interface MachineState<T extends TaskBase, D extends Decision> {
  /** The decision (or chance point) waiting for an answer; null while the rules run. */
  pending: Pending<D> | null;
  /** The tasks under way, the one on top running. */
  stack: T[];
  /** Decisions that pended so far (forced moves and the rules' own answers are not counted). */
  decisions: number;
}

/** The member of task union `T` whose kind is `K`. */
export type TaskOf<T extends TaskBase, K extends T['t']> = Extract<T, { readonly t: K }>;

/** How the kernel learned an answer: a side gave it, it was the only option, or the rules gave it. */
export type AnswerSource = 'asked' | 'forced' | 'rules';

/**
 * The rules answer a decision by chance (a solitaire side's choice "at random"): `chance` is the
 * exact distribution of the answer, its outcome k answering option `options[k]` of the decision.
 * A game returns one from `rulesAnswer` in explicit-chance mode only; in sampled mode it draws the
 * answer from its own stream and returns the index.
 */
export interface RulesDraw {
  readonly chance: ChanceNode;
  readonly options: readonly number[];
}

/**
 * A chance point pending for the rules' answer to `decision` (RulesDraw): plain data in the state
 * like every pending point, so a clone or a copy round-tripped through JSON carries the decision
 * with it; its outcome k is carried out as answer `options[k]` (narrated with source 'rules').
 */
export interface RulesChanceNode<D extends Decision = Decision> extends ChanceNode {
  readonly decision: D;
  readonly options: readonly number[];
}

/** Whether pending chance point `node` is the rules' answer to a decision (RulesChanceNode). */
export function isRulesChance<D extends Decision>(node: ChanceNode): node is RulesChanceNode<D> {
  return (node as Partial<RulesChanceNode<D>>).decision !== undefined;
}

/**
 * One task kind: `step` runs it to its next decision or chance point (null when it moved on:
 * it advanced its own fields, pushed a task or popped itself), `answer` carries out an answer to a
 * decision it asked, `outcome` one outcome of a chance node it stopped at. The task is on top of
 * the stack in all three calls.
 */
export interface TaskKind<S, W, T, D extends Decision> {
  step(s: S, ws: W, task: T): D | ChanceNode | null;
  answer(s: S, ws: W, task: T, d: D, choice: number): void;
  /** Only tasks that stop at chance points in explicit-chance mode have it. */
  outcome?(s: S, ws: W, task: T, node: ChanceNode, outcome: number): void;
}

/** A game's rules as the kernel runs them: its task kinds and its phase sequence. */
export interface TurnMachine<
  S extends MachineState<T, D>,
  W extends Workspace,
  T extends TaskBase,
  D extends Decision,
> {
  /** The game's id, for error messages. */
  readonly game: string;
  /** Every task kind, keyed by its tag: the kernel dispatches on the tag (no hand-written switch). */
  readonly tasks: { readonly [K in T['t']]: TaskKind<S, W, TaskOf<T, K>, D> };
  /** Starts the next phase when no task is under way: pushes its tasks, or ends the game. */
  nextPhase(s: S, ws: W): void;
  /** Whether the game is over (a terminal state). */
  over(s: S): boolean;
  /**
   * When the rules themselves answer some decisions (a solitaire side), the answer's index; -1 to
   * let the decision pend. Called before the forced-move check. An answer the rules draw at random
   * is, in explicit-chance mode, a RulesDraw: the kernel stops at its chance node (one with a single
   * outcome is carried out at once) and carries out the outcome drawn as the answer.
   */
  rulesAnswer?(s: S, ws: W, d: D): number | RulesDraw;
  /** Narration of an answer, called before it is carried out (for every answer, however learned). */
  narrate?(s: S, ws: W, d: D, choice: number, source: AnswerSource): void;
}

/**
 * A turn machine ready to run (`turnMachine`): the declaration, with its task kinds indexed by tag
 * in a Map. The kernel finds a task's kind there at every step: one hashed lookup, where indexing
 * the declaration's table by a tag read at run time is a property lookup the engine cannot cache
 * (every game's tags meet at one site): it cost Crete 4% more instructions a game (BENCHMARKS.md).
 */
export interface Machine<
  S extends MachineState<T, D>,
  W extends Workspace,
  T extends TaskBase,
  D extends Decision,
> extends TurnMachine<S, W, T, D> {
  readonly kinds: ReadonlyMap<string, TaskKind<S, W, T, D>>;
}

/** The machine the kernel runs, from a game's declaration (once, where the game defines it). */
export function turnMachine<
  S extends MachineState<T, D>,
  W extends Workspace,
  T extends TaskBase,
  D extends Decision,
>(m: TurnMachine<S, W, T, D>): Machine<S, W, T, D> {
  // the table is keyed by tag, so the entry for tag K takes exactly the member of T tagged K
  const kinds = new Map(Object.entries(m.tasks) as [string, TaskKind<S, W, T, D>][]);
  return Object.freeze({ ...m, kinds });
}

function taskKind<S extends MachineState<T, D>, W extends Workspace, T extends TaskBase, D extends Decision>(
  m: Machine<S, W, T, D>,
  task: T,
): TaskKind<S, W, T, D> {
  const kind = m.kinds.get(task.t);
  if (kind === undefined) throw new Error(`${m.game}: no task kind ${task.t}`);
  return kind;
}

/**
 * Runs the rules from where `s` stands to the next decision or chance point, leaves it pending
 * and returns it; null when the game is over, or (with `stop`) as soon as `stop(s)` holds before a
 * rules step with nothing pending: for tools and tests that run part of a phase. A decision with
 * one option is carried out at once, and one the rules answer (TurnMachine.rulesAnswer) too.
 */
export function runMachine<
  S extends MachineState<T, D>,
  W extends Workspace,
  T extends TaskBase,
  D extends Decision,
>(m: Machine<S, W, T, D>, s: S, ws: W, stop?: (s: S) => boolean): Pending<D> | null {
  // the machine's fields read once: the loop runs for every step of every game
  const kinds = m.kinds;
  const over = m.over;
  while (s.pending === null) {
    if (over(s) || stop?.(s)) return null;
    const task = s.stack[s.stack.length - 1];
    if (task === undefined) {
      m.nextPhase(s, ws);
      continue;
    }
    const kind = kinds.get(task.t);
    if (kind === undefined) throw new Error(`${m.game}: no task kind ${task.t}`);
    const p = kind.step(s, ws, task);
    if (p === null) continue;
    if (p.kind === 'chance') {
      const node = p as ChanceNode;
      if (!ws.explicitChance)
        throw new Error(`${m.game}: chance point ${node.rule} outside explicit-chance mode`);
      s.pending = node;
      return node;
    }
    const d = p as D;
    const n = d.options.length;
    if (n === 0) throw new Error(`${m.game}: decision ${d.kind} (${d.rule}) has no options`);
    let ruled = m.rulesAnswer === undefined ? -1 : m.rulesAnswer(s, ws, d);
    if (typeof ruled !== 'number') {
      const node = rulesChance(m.game, ws, d, ruled);
      if (node.options.length > 1) {
        s.pending = node;
        return node;
      }
      ruled = node.options[0]!;
    }
    if (ruled >= 0 || n === 1) {
      const choice = Math.max(ruled, 0);
      if (!Number.isInteger(choice) || choice >= n)
        throw new Error(`${m.game}: the rules answer ${choice} to ${d.kind} (${d.rule}) with ${n} options`);
      m.narrate?.(s, ws, d, choice, ruled >= 0 ? 'rules' : 'forced');
      kind.answer(s, ws, task, d, choice);
      continue;
    }
    s.pending = d;
    s.decisions++;
  }
  return s.pending;
}

/**
 * The pending chance point of a RulesDraw for decision `d`, checked: explicit-chance mode only, one
 * outcome per listed option, every option one of the decision's.
 */
function rulesChance<D extends Decision>(
  game: string,
  ws: Workspace,
  d: D,
  draw: RulesDraw,
): RulesChanceNode<D> {
  const { chance, options } = draw;
  if (!ws.explicitChance)
    throw new Error(
      `${game}: the rules drew an answer to ${d.kind} (${d.rule}) outside explicit-chance mode`,
    );
  const n = d.options.length;
  if (options.length === 0 || options.length !== chance.outcomes.length)
    throw new Error(
      `${game}: the rules' draw for ${d.kind} (${d.rule}) lists ${options.length} options for ${chance.outcomes.length} outcomes`,
    );
  for (const o of options)
    if (!Number.isInteger(o) || o < 0 || o >= n)
      throw new Error(`${game}: the rules' draw for ${d.kind} (${d.rule}) answers ${o} of ${n} options`);
  return { ...chance, decision: d, options };
}

/**
 * Carries out answer `choice` to the pending decision (or outcome `choice` of the pending chance
 * point): checks that `pending` is the one pending and `choice` one of its options, then hands it
 * to the task on top of the stack.
 */
export function answerMachine<
  S extends MachineState<T, D>,
  W extends Workspace,
  T extends TaskBase,
  D extends Decision,
>(m: Machine<S, W, T, D>, s: S, ws: W, pending: Pending<D>, choice: number): void {
  const p = s.pending;
  if (p === null || p.kind !== pending.kind)
    throw new Error(
      `${m.game}: answer to ${pending.kind}, but ${p === null ? 'nothing' : p.kind} is pending`,
    );
  const task = s.stack[s.stack.length - 1];
  if (task === undefined) throw new Error(`${m.game}: ${p.kind} pending with no task`);
  const kind = taskKind(m, task);
  if (p.kind === 'chance') {
    const node = p as ChanceNode;
    const n = node.outcomes.length;
    if (!Number.isInteger(choice) || choice < 0 || choice >= n)
      throw new Error(`${m.game}: chance outcome ${choice} of ${n} (${node.rule})`);
    if (isRulesChance<D>(node)) {
      s.pending = null;
      // the rules' answer to a decision, drawn: carried out as the rules carry out their answers
      const d = node.decision;
      const answer = node.options[choice]!;
      m.narrate?.(s, ws, d, answer, 'rules');
      kind.answer(s, ws, task, d, answer);
      return;
    }
    if (kind.outcome === undefined) throw new Error(`${m.game}: a chance point pending in task ${task.t}`);
    s.pending = null;
    kind.outcome(s, ws, task, node, choice);
    return;
  }
  const d = p as D;
  const n = d.options.length;
  if (!Number.isInteger(choice) || choice < 0 || choice >= n)
    throw new Error(`${m.game}: answer ${choice} to ${d.kind} (${d.rule}) with ${n} options`);
  s.pending = null;
  m.narrate?.(s, ws, d, choice, 'asked');
  kind.answer(s, ws, task, d, choice);
}

/** The member of decision union `D` whose kind is `K`. */
export type DecisionOf<D extends Decision, K extends D['kind']> = Extract<D, { readonly kind: K }>;

/**
 * Narrows decision `d` to the kinds a task asks (a task kind's `answer` gets the game's whole
 * decision union); throws, naming the game and task, on any other kind.
 */
export function expectKind<D extends Decision, K extends D['kind']>(
  game: string,
  task: string,
  d: D,
  ...kinds: readonly K[]
): asserts d is DecisionOf<D, K> {
  const k = d.kind;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === k) return;
  throw new Error(`${game}: decision ${k} answered in task ${task} (expects ${kinds.join(', ')})`);
}

/** The end of an exhaustive switch: a kind no case handled is a type error, and an error if reached. */
export function unreachable(x: never): never {
  throw new Error(`no case for ${JSON.stringify(x)}`);
}
