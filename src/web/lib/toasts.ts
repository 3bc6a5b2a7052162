import { toast } from 'sonner';

export type ToastType = 'default' | 'success' | 'info' | 'warning' | 'error';

/** The seed's toast: a message and a type ("default" unless said); it hides itself after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export function showToast(message: string, type: ToastType = 'default'): string | number {
  if (type === 'default') return toast(message);
  return toast[type](message);
}
