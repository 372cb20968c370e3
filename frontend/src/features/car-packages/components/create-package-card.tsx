import { PackagePlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CAR_PACKAGE_ANGLE_COUNT, CAR_PACKAGE_CREDITS, MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Create Package: straight to the upload tab. */
export function CreatePackageCard() {
  return (
    <Card aria-labelledby="create-package-title" className="border-brand-100 bg-brand-50/60">
      <CardHeader className="pb-3">
        <CardTitle id="create-package-title" className="flex items-center gap-2">
          <PackagePlus className="size-5 text-brand-700" aria-hidden="true" />
          Create Package
        </CardTitle>
        <CardDescription className="text-slate-700">
          Upload 1 to {MAX_CAR_PACKAGE_PHOTOS} photos of a car and get the studio angles they show, up to {CAR_PACKAGE_ANGLE_COUNT}, for {CAR_PACKAGE_CREDITS} credit.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/dashboard/car-packages?tab=upload" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
          <PackagePlus aria-hidden="true" />
          Create Package
        </Link>
      </CardContent>
    </Card>
  );
}
