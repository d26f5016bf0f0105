/** How an equipped theme tints the level card and a frame rings the level avatar. */
export const THEME_CLASSES: Record<string, string> = {
  theme_ocean: 'bg-gradient-to-br from-sky-100 via-card to-cyan-50',
  theme_forest: 'bg-gradient-to-br from-emerald-100 via-card to-lime-50',
};

export const FRAME_CLASSES: Record<string, string> = {
  frame_gold: 'ring-amber-400',
  frame_leaf: 'ring-emerald-500',
};
