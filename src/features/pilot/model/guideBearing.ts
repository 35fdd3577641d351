// The VR guide arrow: the route never turns a wearer's head, so where the guide looked is told instead (the
// shared rule of src/features/xr/bearing.ts, which the meeting's host arrow uses too).
export { AHEAD_DEGREES, bearingSentence as guideBearing, type BearingTexts as GuideTexts } from '../../xr/bearing.ts';
