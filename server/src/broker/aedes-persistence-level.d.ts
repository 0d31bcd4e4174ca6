declare module 'aedes-persistence-level' {
  import type { ClassicLevel } from 'classic-level';

  /** The part of the persistence the server calls itself; aedes takes it as `any`. */
  export interface LevelPersistence {
    destroy(): Promise<void>;
  }

  export default function aedesPersistenceLevel(db: ClassicLevel<string, Buffer>): LevelPersistence;
}
