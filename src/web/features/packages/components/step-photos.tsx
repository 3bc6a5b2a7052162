import type { Package } from '#shared/packages.ts';
import type { PublicSettings } from '#shared/settings.ts';
import { PhotoUploader } from './photo-uploader.tsx';

/** The photos step: each photo is saved to the draft as it goes up, so "Save and continue" has nothing to send. */
export function StepPhotos({
  pkg,
  settings,
  onBusyChange,
}: {
  pkg: Package;
  settings: PublicSettings;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Optional, but travelers choose packages they can see. Show the package as it will travel, and put the clearest
        photo first.
      </p>
      <PhotoUploader pkg={pkg} maxPhotos={settings.maxPhotos} onBusyChange={onBusyChange} />
    </div>
  );
}
