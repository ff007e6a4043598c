export const shell = 'listed';
