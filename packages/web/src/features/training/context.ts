import { createContext, useContext } from 'react';
import type { TrainingDetail } from './api';

/** What the pages under /training/{id} share: the training and whether the user may enter it. */
export interface TrainingContextValue {
  training: TrainingDetail;
  access: boolean;
  /** Path of the training's pages: /training/{id}, or /group/{gid}/training/{id} for a group's training. */
  base?: string;
  /** The group of a group training (its submissions carry gid). */
  gid?: number;
}
/** Where the pages of a training live. */
export const trainingBase = (v: TrainingContextValue) => v.base ?? `/training/${v.training.id}`;
export const TrainingContext = createContext<TrainingContextValue | null>(null);
export function useTraining(): TrainingContextValue {
  const v = useContext(TrainingContext);
  if (!v) throw new Error('useTraining outside TrainingContext');
  return v;
}
