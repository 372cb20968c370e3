/** The plan of which photo serves which angle lives in shared/ (the package form draws the same plan before paying). */
export { planAngle, type AnglePlan, type MirrorFill } from '@shared/angle-plan';
