import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** `detail` is shown after the label and read with it; a `disabled` option is listed but cannot be chosen. */
export type ComboboxOption = { value: string; label: string; detail?: string; disabled?: boolean };

const normalise = (text: string) => text.toLowerCase().replace(/[_\s/]+/g, ' ');

/** A text field that filters a long list of options (the ARIA 1.2 combobox pattern with a listbox popup). */
export function Combobox({
  id,
  options,
  value,
  onValueChange,
  noMatchText,
  listLabel,
  placeholder,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  options: ComboboxOption[];
  value: string;
  onValueChange: (value: string) => void;
  noMatchText: (query: string) => string;
  listLabel: string;
  placeholder?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const listId = `${inputId}-list`;
  const selectedLabel = options.find((option) => option.value === value)?.label ?? value;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(selectedLabel);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) setQuery(selectedLabel);
  }, [open, selectedLabel]);

  const filtered = useMemo(() => {
    const needle = normalise(query.trim());
    if (!needle || query === selectedLabel) return options;
    return options.filter((option) => normalise(option.label).includes(needle));
  }, [options, query, selectedLabel]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    if (open) return;
    const index = options.findIndex((option) => option.value === value);
    setActive(Math.max(0, index));
    setOpen(true);
  };
  const choose = (option: ComboboxOption | undefined) => {
    if (!option || option.disabled) return;
    onValueChange(option.value);
    setQuery(option.label);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(filtered.length - 1, Math.max(0, current + step)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(filtered[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const activeOption = open ? filtered[active] : undefined;

  return (
    <div className={cn('relative', className)}>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={openList}
        onFocus={(event) => event.target.select()}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className="flex h-10 w-full rounded-md border border-border bg-card px-3 py-2 pr-9 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={listLabel}
        hidden={!open || filtered.length === 0}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-card p-1 shadow-md"
      >
        {/* Options exist only while the list is open: a closed list of hundreds (time zones) costs the page nothing. */}
        {(open ? filtered : []).map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the input through aria-activedescendant
          <div
            key={option.value}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            tabIndex={-1}
            aria-selected={option.value === value}
            aria-disabled={option.disabled || undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(index)}
            className={cn(
              'flex min-h-8 cursor-default flex-wrap items-center gap-x-2 rounded-sm px-2 py-1.5 text-sm',
              index === active && 'bg-accent',
              option.value === value && 'font-semibold',
              option.disabled && 'text-muted-foreground',
            )}
          >
            {option.label}
            {option.detail ? ' ' : null}
            {option.detail ? <span className="text-xs text-muted-foreground">{option.detail}</span> : null}
          </div>
        ))}
      </div>
      <p
        role="status"
        className={cn('mt-1 text-sm text-muted-foreground', !(open && filtered.length === 0) && 'sr-only')}
      >
        {open && filtered.length === 0 ? noMatchText(query) : ''}
      </p>
    </div>
  );
}
