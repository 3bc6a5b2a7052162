import { toast } from 'sonner';

export type ToastType = 'default' | 'success' | 'info' | 'warning' | 'error';

/** The toast: a message and a type ("default" unless said); it hides itself after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export interface ToastOptions {
  /** A second line under the message (a chat message's content under "You have received a new message"). */
  description?: string;
}

export function showToast(message: string, type: ToastType = 'default', options: ToastOptions = {}): string | number {
  const data = options.description ? { description: options.description } : undefined;
  if (type === 'default') return toast(message, data);
  return toast[type](message, data);
}
