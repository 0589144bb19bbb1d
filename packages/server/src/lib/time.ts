export const now = () => Date.now();
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
