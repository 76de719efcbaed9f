// Point milestones the dashboard's progress bar counts towards (Admin → Settings). With
// none listed there is one every 100 points, the spec's example; past the last listed
// one they keep coming every `step` points.
export type Milestone = { points: number; label: string };

export const MAX_MILESTONES = 30;
export const MAX_MILESTONE_POINTS = 1_000_000;
export const MAX_MILESTONE_LABEL = 60;
export const MILESTONE_STEP = { min: 5, max: 100_000, fallback: 100 };

const MILESTONE_LINE = /^(\d{1,7})\s*(?:points?|pts)?\s*[:\-–—]?\s*(.*)$/i;

export type MilestoneTextResult = { milestones: Milestone[] } | { error: string };

/** The admin's text, one per line: "150 Sticker sheet". */
export function parseMilestoneText(text: string): MilestoneTextResult {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length > MAX_MILESTONES) return { error: `At most ${MAX_MILESTONES} milestones.` };
  const milestones: Milestone[] = [];
  for (const [index, line] of lines.entries()) {
    const match = MILESTONE_LINE.exec(line);
    const points = Number(match?.[1]);
    const label = match?.[2]?.trim() ?? "";
    if (!match || points < 1 || points > MAX_MILESTONE_POINTS || label === "" || label.length > MAX_MILESTONE_LABEL) {
      return { error: `Line ${index + 1}: write the points, then a label of at most ${MAX_MILESTONE_LABEL} characters, like "150 Sticker sheet".` };
    }
    milestones.push({ points, label });
  }
  return { milestones: normaliseMilestones(milestones) };
}

export function milestoneTextOf(milestones: Milestone[]): string {
  return milestones.map((milestone) => `${milestone.points} ${milestone.label}`).join("\n");
}

function normaliseMilestones(milestones: Milestone[]): Milestone[] {
  const byPoints = new Map<number, Milestone>();
  for (const milestone of milestones) if (!byPoints.has(milestone.points)) byPoints.set(milestone.points, milestone);
  return [...byPoints.values()].sort((a, b) => a.points - b.points).slice(0, MAX_MILESTONES);
}

export function parseMilestones(value: unknown): Milestone[] {
  if (!Array.isArray(value)) return [];
  return normaliseMilestones(
    value.filter((entry): entry is Milestone => {
      const milestone = entry as Partial<Milestone> | null;
      return (
        !!milestone &&
        Number.isInteger(milestone.points) &&
        milestone.points! >= 1 &&
        milestone.points! <= MAX_MILESTONE_POINTS &&
        typeof milestone.label === "string" &&
        milestone.label.trim() !== "" &&
        milestone.label.length <= MAX_MILESTONE_LABEL
      );
    }).map(({ points, label }) => ({ points, label: label.trim() })),
  );
}

export type MilestoneProgress = { label: string; from: number; to: number; progress: number; span: number };

/** Where `points` stands between the milestone reached last (or 0) and the next one. */
export function milestoneProgress(points: number, milestones: Milestone[], step: number): MilestoneProgress {
  const score = Math.max(0, points);
  const next = milestones.find((milestone) => milestone.points > score);
  const previous = [...milestones].reverse().find((milestone) => milestone.points <= score)?.points ?? 0;
  if (next) return { label: next.label, from: previous, to: next.points, progress: score - previous, span: next.points - previous };
  const base = milestones.at(-1)?.points ?? 0;
  const from = base + Math.floor((score - base) / step) * step;
  const to = from + step;
  return { label: `${to} points`, from, to, progress: score - from, span: step };
}
