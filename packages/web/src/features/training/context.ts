import { createContext, useContext } from 'react';
import type { TrainingDetail } from './api';

/** What the pages under /training/{id} share: the training and whether the user may enter it. */
export interface TrainingContextValue { training: TrainingDetail; access: boolean }
export const TrainingContext = createContext<TrainingContextValue | null>(null);
export function useTraining(): TrainingContextValue {
  const v = useContext(TrainingContext);
  if (!v) throw new Error('useTraining outside TrainingContext');
  return v;
}
