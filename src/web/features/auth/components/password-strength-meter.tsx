import { passwordStrength } from '#shared/password-rules.ts';
import { cn } from '#web/lib/cn.ts';

const barColour = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-brand-600', 'bg-green-600'] as const;

/**
 * Four bars and a word. Advice only: the schema refuses short and common passwords. The word is the
 * accessible part (the bars are decoration), and it is inside the field's hint, which the password
 * input's aria-describedby points at.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (password.length === 0) return null;
  const { score, label } = passwordStrength(password);
  return (
    <span className="mt-1 flex items-center gap-3" data-strength={score}>
      <span aria-hidden="true" className="flex flex-1 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn('h-1.5 flex-1 rounded-full', bar <= Math.max(score, 1) ? barColour[score] : 'bg-slate-200')}
          />
        ))}
      </span>
      <span className="w-32 shrink-0 text-right font-medium text-slate-700">Strength: {label}</span>
    </span>
  );
}
