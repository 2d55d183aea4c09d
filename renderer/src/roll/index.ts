// How the roll panel words a roll and picks its participants (the roll itself is resolve-store.ts).
export * from './useResolveFormat';
export * from './useResolveParticipants';
