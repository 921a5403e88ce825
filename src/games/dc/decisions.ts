/**
 * Every Dark Crusade decision as plain data (docs/architecture.md "Decisions and policies"; docs/games/dc.md "Decisions"): a discriminated union over
 * `kind`. Unit, point and line fields are indices into `state.units` and the rules' map. Decisions
 * are asked one unit (or one loss, one retreat) at a time with counters updated after each answer,
 * which reaches exactly the legal joint plans (docs/games/dc.md "Decisions").
 */
import type { ChanceNode, Decision } from '../../core/game.js';

/** D-16 op-move (DC 12, 12.D, 18). */
export type OpOption =
  /** Stays, and so do the units after it in the phase's order identical to it (one group, docs/games/dc.md "Decisions"). */
  | { readonly type: 'stay' }
  | { readonly type: 'fortify' }
  /** Move along `line` to `to`; `attack` when enemy units are there (committed to attack). */
  | { readonly type: 'move'; readonly line: number; readonly to: number; readonly attack: boolean }
  /** DC 2.B.3.b (Campaign game): a Soviet army-sized unit leaves the map through the exit at its point. */
  | { readonly type: 'exit'; readonly at: number }
  /**
   * DC 9.A: a unit held in its side's off-map box enters along the map-edge line of point `at` (its
   * one line of operational movement); `attack` when enemy units are there (committed to assault it).
   */
  | { readonly type: 'enter'; readonly at: number; readonly attack: boolean }
  /** DC 12.D: an armour unit on the Minsk-Moscow highway moves two highway points (via `mid`). */
  | {
      readonly type: 'highway';
      readonly line: number;
      readonly mid: number;
      readonly line2: number;
      readonly to: number;
      readonly attack: boolean;
    };

/** D-19 battle-next (DC 13.0): the defending point to resolve next. */
export interface BattleOption {
  readonly type: 'battle';
  readonly at: number;
}
/** D-18 lw-commit (DC 13.A.4): German air units to commit to this attack. */
export interface AirOption {
  readonly type: 'air';
  readonly n: number;
}
/** D-20 allout-att (DC 13.B.8): how many units of one type group go all out. */
export interface AllOutOption {
  readonly type: 'allout';
  readonly unitType: number;
  readonly n: number;
}
/** D-23 loss (DC 13.B.2, 18, 10.C): the unit (lowest index of its signature group) taking the next loss. */
export interface LossOption {
  readonly type: 'loss';
  readonly unit: number;
}
/** D-24/D-25 (DC 13.B.2, 13.B.3.b): go on or retreat / break off. */
export interface ContinueOption {
  readonly type: 'continue';
  readonly go: boolean;
}
/** D-26 retreat-dest (DC 13.B.4): where a defending unit retreats. */
export interface RetreatOption {
  readonly type: 'retreat';
  readonly unit: number;
  readonly line: number;
  readonly to: number;
}
/** D-27 isolation-loss (DC 17.B): the isolated fortress unit eliminated. */
export interface EliminateOption {
  readonly type: 'eliminate';
  readonly unit: number;
}
/** D-40 mutual-draw (DC 2.B.1.c): propose (stage 0) or accept (stage 1) a draw. */
export interface MutualOption {
  readonly type: 'mutual';
  readonly yes: boolean;
}
/** D-30 declare-draw (DC 2.B.1.b). */
export interface DrawOption {
  readonly type: 'draw';
  readonly declare: boolean;
}
/**
 * D-8 (lw-place, DC 13.A.4, at the Axis turn's start): the point with Axis ground units in supply an
 * air unit is placed on, or -1 (withheld for breakthrough or defence); after the Axis turn's combat,
 * the Axis point a held German air unit stands on for the Soviet turn (DC 14.B.4).
 */
export interface AirPlaceOption {
  readonly type: 'air-place';
  readonly at: number;
}
/** D-29 (lw-bt, DC 14.B.4): the breakthrough group an air unit present in regular combat accompanies (`to` -1: none). */
export interface AirBtOption {
  readonly type: 'air-bt';
  readonly to: number;
  /** The group makes a breakthrough assault at `to` (else it occupies it). */
  readonly assault: boolean;
}

/** D-9/D-10 ger-repl (DC 8.A.1): save the points, or rebuild an eliminated unit (entering at `at`). */
export type ReplOption =
  | { readonly type: 'save' }
  | { readonly type: 'rebuild'; readonly unit: number; readonly at: number };

/** D-14 strat-next (DC 9.A): end the phase, or the unit group (lowest index) to move next. */
export type StratOption =
  | { readonly type: 'end' }
  /** `boxOnly`: its one destination is its side's off-map box (DC 9.A). */
  | { readonly type: 'unit'; readonly unit: number; readonly boxOnly?: true };
/** D-15 strat-dest (DC 9.A): its destination: a point, or -1 its side's off-map box (held there; the last option). */
export interface StratDestOption {
  readonly type: 'dest';
  readonly to: number;
}

/** D-39 partisan (DC 19): where the partisan stands (its current point, or -1 unplaced, = stay). */
export interface PartisanOption {
  readonly type: 'partisan';
  readonly to: number;
}

/** D-31 siberian-call (DC 3.C.3). */
export interface CallOption {
  readonly type: 'call';
  readonly call: boolean;
}
/** D-11 entry-point (DC 3.C.3, 8.B): the east-edge point Siberian units enter at this turn. */
export interface EntryOption {
  readonly type: 'entry';
  readonly at: number;
}
/** D-37 crisis-commit (DC 3.C.3.c): the unit (of basic type `kind`, SIB_TYPES order) sent to Siberia. */
export interface CommitOption {
  readonly type: 'commit';
  readonly unit: number;
  readonly kind: number;
}

/**
 * D-36 composite (DC 8.C.3, Advanced level): form a composite of type `unitType` at point `at` from
 * the components of its recipe `recipe`; `unitType` -1: form no more this phase.
 */
export interface CompositeOption {
  readonly type: 'composite';
  readonly unitType: number;
  readonly recipe: number;
  readonly at: number;
}

/** D-7 air-1944-window (DC 7.A note c): open the two-turn 1944 air window now, or not yet. */
export interface WindowOption {
  readonly type: 'window';
  readonly open: boolean;
}

/** D-15 (sea part, DC 9.B): unit `unit` moves by sea to port `to`; `unit` -1: no more sea moves. */
export interface SeaOption {
  readonly type: 'sea';
  readonly unit: number;
  readonly to: number;
}

/** D-17 para-drop (DC 21.B): parachute unit `unit` drops on the adjacent point `to`; `to` -1: no drop. */
export interface DropOption {
  readonly type: 'drop';
  readonly unit: number;
  readonly to: number;
}

/**
 * D-33 siberian-repl (DC 8.A.2.c): Siberian replacement `unit` stays held (`to` -1), enters by
 * strategic movement at point `to` (dispersed, one strategic factor), or (`op`, after a turn held)
 * enters operationally at east-edge point `to` in this turn's operational phase, undispersed.
 */
export interface SibReplOption {
  readonly type: 'sib-repl';
  readonly unit: number;
  readonly to: number;
  readonly op: boolean;
}

/** D-1 start-month (DC 3.A): the month the game starts. */
export interface StartOption {
  readonly type: 'start';
  readonly month: 5 | 6;
}
/** D-2/D-3 free-setup (DC 3.B). */
export interface SetupChoiceOption {
  readonly type: 'setup';
  readonly free: boolean;
}
/**
 * D-4 setup-place (DC 3.B.1-3): the point unit `unit` sets up on; in step a (German units for
 * Finland and Rumania) `at` may be -1 (elsewhere, placed in step c), -2 (Finland) or -3 (Rumania):
 * a designation placed in step c when the Axis did not make the initial free set-up choice.
 */
export interface PlaceOption {
  readonly type: 'place';
  readonly unit: number;
  readonly at: number;
}
/** D-5 factory-pick (DC 8.C.1): the expansion factory put on the Turn Record Track. */
export interface FactoryPickOption {
  readonly type: 'factory';
  readonly id: string;
}
/**
 * D-6 factory-site / D-35 factory-dest (DC 8.C.1, 8.C.2.b): a point, or -1 Siberia; for D-35 `via`,
 * when present, is the port the factory stops at this turn to sail to port `at` the next (the sea leg).
 */
export interface SiteOption {
  readonly type: 'site';
  readonly at: number;
  readonly via?: number;
}
/** D-34 entrain (DC 8.C.2.a): entrain factory unit `unit`, or -1 to entrain no more this turn. */
export interface EntrainOption {
  readonly type: 'entrain';
  readonly unit: number;
}

/** D-12 withdraw (DC 8.B, December 1941): the Rumanian unit withdrawn and the point in Rumania it is put on. */
export interface WithdrawOption {
  readonly type: 'withdraw';
  readonly unit: number;
  readonly at: number;
}

/**
 * D-32 siberian-compose (DC 3.C.2): from the reserve units due to enter, form a composite of type
 * `unitType` by recipe `recipe` (they enter as one), hold one unit of basic type `kind` (SIB_TYPES
 * index) back to the next wave (`unitType` -2), or let the rest enter as they are (`unitType` -1).
 */
export interface ComposeOption {
  readonly type: 'compose';
  readonly unitType: number;
  readonly recipe: number;
  readonly kind: number;
}

/** D-13 hun-release (DC 5.D, June 1942): the Hungarian army that may leave Hungary (unit -1: neither yet). */
export interface HunOption {
  readonly type: 'hun';
  readonly unit: number;
}

/** D-22 hq-assign (DC 13.B.7): the one HQ that supports the attacking stack. */
export interface HqOption {
  readonly type: 'hq';
  readonly unit: number;
}

/** D-38 siberia-return (DC 3.C.3): one unit of type `kind` (SIB_TYPES index) owed back enters now, or is held. */
export interface ReturnOption {
  readonly type: 'return';
  readonly kind: number;
  readonly enter: boolean;
}

export type DcDecision =
  | Decision<'op-move', OpOption>
  | Decision<'battle-next', BattleOption>
  | Decision<'lw-commit', AirOption>
  | Decision<'allout-att', AllOutOption>
  /** D-21 (DC 13.B.8): the defender's all-out, from round 2. */
  | Decision<'allout-def', AllOutOption>
  /** D-22 (DC 13.B.7): the attacking stack's HQ, when its HQs differ (best first). */
  | Decision<'hq-assign', HqOption>
  | Decision<'loss', LossOption>
  | Decision<'continue', ContinueOption>
  | Decision<'sim-continue', ContinueOption>
  | Decision<'retreat-dest', RetreatOption>
  | Decision<'isolation-loss', EliminateOption>
  | Decision<'declare-draw', DrawOption>
  | Decision<'lw-place', AirPlaceOption>
  | Decision<'lw-bt', AirBtOption>
  | Decision<'ger-repl', ReplOption>
  | Decision<'strat-next', StratOption>
  | Decision<'strat-dest', StratDestOption>
  /** D-28 (DC 14): stay, or one more line (occupy, or a breakthrough assault). */
  | Decision<'bt-move', OpOption>
  | Decision<'partisan', PartisanOption>
  | Decision<'siberian-call', CallOption>
  | Decision<'entry-point', EntryOption>
  | Decision<'crisis-commit', CommitOption>
  | Decision<'start-month', StartOption>
  | Decision<'free-setup', SetupChoiceOption>
  | Decision<'setup-place', PlaceOption>
  | Decision<'factory-pick', FactoryPickOption>
  | Decision<'factory-site', SiteOption>
  | Decision<'entrain', EntrainOption>
  | Decision<'factory-dest', SiteOption>
  | Decision<'withdraw', WithdrawOption>
  /** D-13 (DC 5.D): which Hungarian army leaves Hungary first, or neither yet. */
  | Decision<'hun-release', HunOption>
  /** D-32 (DC 3.C.2): the reserve wave's composites and units held back, one at a time. */
  | Decision<'siberian-compose', ComposeOption>
  | Decision<'mutual-draw', MutualOption>
  | Decision<'composite', CompositeOption>
  | Decision<'air-1944-window', WindowOption>
  | Decision<'sea-move', SeaOption>
  | Decision<'para-drop', DropOption>
  | Decision<'siberian-repl', SibReplOption>
  /** D-38 (DC 3.C.3): from June 1942, per type owed back from Siberia: enter one now, or hold. */
  | Decision<'siberia-return', ReturnOption>;

export type DcDecisionKind = DcDecision['kind'];

export const DC_DECISION_KINDS: readonly DcDecisionKind[] = [
  'op-move',
  'battle-next',
  'lw-commit',
  'allout-att',
  'allout-def',
  'hq-assign',
  'loss',
  'continue',
  'sim-continue',
  'retreat-dest',
  'isolation-loss',
  'declare-draw',
  'lw-place',
  'lw-bt',
  'ger-repl',
  'strat-next',
  'strat-dest',
  'bt-move',
  'partisan',
  'siberian-call',
  'entry-point',
  'crisis-commit',
  'start-month',
  'free-setup',
  'setup-place',
  'factory-pick',
  'factory-site',
  'entrain',
  'factory-dest',
  'withdraw',
  'hun-release',
  'siberian-compose',
  'mutual-draw',
  'composite',
  'air-1944-window',
  'sea-move',
  'para-drop',
  'siberian-repl',
  'siberia-return',
];

export type DcPending = DcDecision | ChanceNode;
