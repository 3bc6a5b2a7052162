import { ArrowRight, Plus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ShowcaseGroup, ShowcaseSection } from './showcase-section.tsx';

const variants = ['primary', 'secondary', 'ghost', 'destructive', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export function ButtonsShowcase() {
  return (
    <ShowcaseSection
      id="buttons"
      title="Buttons"
      description="One primary action per view. Destructive actions ask for confirmation in a dialog."
    >
      <ShowcaseGroup title="Variants">
        <div className="flex flex-wrap items-center gap-3">
          {variants.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant[0]?.toUpperCase()}
              {variant.slice(1)}
            </Button>
          ))}
        </div>
      </ShowcaseGroup>
      <ShowcaseGroup title="Sizes">
        <div className="flex flex-wrap items-center gap-3">
          {sizes.map((size) => (
            <Button key={size} size={size}>
              Size {size}
            </Button>
          ))}
          <Button size="icon" variant="secondary" aria-label="Add">
            <Plus aria-hidden="true" className="size-5" />
          </Button>
          <Button>
            Continue <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </ShowcaseGroup>
      <ShowcaseGroup title="Disabled">
        <div className="flex flex-wrap items-center gap-3">
          {variants.map((variant) => (
            <Button key={variant} variant={variant} disabled>
              {variant[0]?.toUpperCase()}
              {variant.slice(1)}
            </Button>
          ))}
        </div>
      </ShowcaseGroup>
    </ShowcaseSection>
  );
}
