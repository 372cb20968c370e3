/** The plan of which photo serves which angle lives in shared/ (the package form draws the same plan before paying). */
export { planAngle, type AnglePlan } from '@shared/angle-plan';
