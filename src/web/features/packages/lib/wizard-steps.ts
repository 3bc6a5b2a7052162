import type { PackageDraft } from '#shared/packages.ts';

// The steps of "send a package", in order, and which fields each one asks for. Two ask for none: the
// photos step, early so a sender adds them while the package is in front of them (each photo is saved
// to the draft as it goes up, and the draft exists from the first step on), and the review, which shows
// everything and leads to payment.

export type WizardField =
  | 'title'
  | 'category'
  | 'description'
  | 'pickup'
  | 'pickupAddress'
  | 'dropoff'
  | 'dropoffAddress'
  | 'pickupFrom'
  | 'deliverBy'
  | 'size'
  | 'weightKg'
  | 'reward'
  | 'declaredValue'
  | 'recipientName'
  | 'recipientPhone'
  | 'notes';

export interface WizardStep {
  id: 'what' | 'photos' | 'route' | 'when' | 'size' | 'reward' | 'recipient' | 'review';
  /** Short, for the step indicator. */
  label: string;
  /** The step's heading. */
  title: string;
  fields: readonly WizardField[];
  /** What "Next" insists on (the rest of the step is optional). */
  required: readonly WizardField[];
}
export type StepId = WizardStep['id'];

export const wizardSteps: readonly WizardStep[] = [
  {
    id: 'what',
    label: 'What',
    title: 'What are you sending?',
    fields: ['title', 'category', 'description'],
    required: ['title', 'category'],
  },
  { id: 'photos', label: 'Photos', title: 'Add photos of your package', fields: [], required: [] },
  {
    id: 'route',
    label: 'From and to',
    title: 'Where does it go?',
    fields: ['pickup', 'pickupAddress', 'dropoff', 'dropoffAddress'],
    required: ['pickup', 'dropoff'],
  },
  {
    id: 'when',
    label: 'When',
    title: 'When does it travel?',
    fields: ['pickupFrom', 'deliverBy'],
    required: ['pickupFrom', 'deliverBy'],
  },
  {
    id: 'size',
    label: 'Size and weight',
    title: 'How big and how heavy is it?',
    fields: ['size', 'weightKg'],
    required: ['size', 'weightKg'],
  },
  {
    id: 'reward',
    label: 'Reward',
    title: 'What will you pay the traveler?',
    fields: ['reward', 'declaredValue'],
    required: ['reward', 'declaredValue'],
  },
  {
    id: 'recipient',
    label: 'Recipient',
    title: 'Who receives it?',
    fields: ['recipientName', 'recipientPhone', 'notes'],
    required: ['recipientName', 'recipientPhone'],
  },
  { id: 'review', label: 'Review', title: 'Check and continue to payment', fields: [], required: [] },
];

export function stepById(id: StepId): WizardStep {
  return wizardSteps.find((s) => s.id === id) as WizardStep;
}

export const stepIndex = (id: StepId) => wizardSteps.findIndex((s) => s.id === id);

/**
 * The form field where the server's (or the rules') message about a draft field belongs: "pickup.lat"
 * is the pickup city, "pickup.address" its street address. Null for what no field shows (currency).
 */
export function formFieldOf(path: string): WizardField | null {
  const [head, sub] = path.split('.');
  if (head === 'pickup' || head === 'dropoff') return sub === 'address' ? `${head}Address` : head;
  const field = head as WizardField;
  return wizardSteps.some((s) => s.fields.includes(field)) ? field : null;
}

/** The step that asks for a form field. */
export function stepOfField(field: WizardField): StepId {
  return (wizardSteps.find((s) => s.fields.includes(field)) as WizardStep).id;
}

/** Where a saved draft picks up again: the first step with a field still missing, else the review. */
export function firstIncompleteStep(missing: readonly string[]): StepId {
  const incomplete = new Set(
    missing
      .map(formFieldOf)
      .filter((f): f is WizardField => f !== null)
      .map(stepOfField),
  );
  return wizardSteps.find((s) => incomplete.has(s.id))?.id ?? 'review';
}

/** The draft fields that a step's form fields are saved as. */
export const draftFieldsOf = (step: StepId): (keyof PackageDraft)[] => {
  const fields = stepById(step).fields.map((f) =>
    f === 'pickupAddress' ? 'pickup' : f === 'dropoffAddress' ? 'dropoff' : f,
  );
  return [...new Set(fields)];
};
