import { createContext, useContext } from 'react';
import type { Workstation } from './workstation';

export const WorkstationContext = createContext<Workstation | null>(null);

export function useWorkstation(): Workstation {
  const workstation = useContext(WorkstationContext);
  if (!workstation) throw new Error('useWorkstation needs a WorkstationContext provider');
  return workstation;
}
