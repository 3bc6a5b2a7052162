/** Demo mode only: throws while rendering, so anyone can see what an unhandled page error looks like. */
export default function CrashPage(): never {
  throw new Error('This page crashed on purpose (demo mode crash test).');
}
