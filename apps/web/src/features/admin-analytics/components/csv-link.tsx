import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A download of one section as CSV, styled as a small button. */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} download>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
