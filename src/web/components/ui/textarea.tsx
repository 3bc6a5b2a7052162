import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { fieldControlClass } from './input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldControlClass, 'min-h-20 py-2', className)} {...props} />;
}
