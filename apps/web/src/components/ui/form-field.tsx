import { type ChangeEvent, type ComponentProps, useId } from 'react';
import { Input } from './input';
import { Label } from './label';

/** A labelled input with its hint and error wired up for screen readers. */
export function FormField({
  label,
  error,
  hint,
  id,
  ref,
  ...props
}: ComponentProps<'input'> & { label: string; error?: string | undefined; hint?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
        ref={(input) => {
          // Typed (or filled in by a password manager) into the page as served, before the app took it over: the
          // text is in the field only, so the form hears of it now.
          if (input?.value && props.value === '')
            props.onChange?.({ target: input, currentTarget: input } as ChangeEvent<HTMLInputElement>);
          if (typeof ref === 'function') ref(input);
          else if (ref) ref.current = input;
        }}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
