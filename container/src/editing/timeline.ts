// A clip's timeline after jump cuts (issue 26 remove_silences / remove_fillers): the kept spans of
// its range and the maps between uncut and clip time. The maths lives once in @katto/protocol's
// clip timeline (protocol/src/clip-timeline.ts, issue 33), which the Worker's exports read too;
// these names stay here for the render code that imports them.
export { cutGaps, isUncut, keptDuration, keptSpans, keptWithin, mapPath, mapWords, toClipTime, toUncutTime, type Span } from "@katto/protocol";
