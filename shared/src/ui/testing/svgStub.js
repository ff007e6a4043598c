module.exports = 'svg';
