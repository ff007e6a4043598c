// A fixture: one export used by index.ts, one that nothing imports (the lint's unused-export check must name it).
export const usedHelper = () => 'used';
export const forgottenHelper = () => 'nobody imports this';
